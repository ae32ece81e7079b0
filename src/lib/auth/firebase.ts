/**
 * The only module that imports Firebase. Firebase is loaded on first use (after first paint),
 * so no page pays for it before it is needed. Everything here returns plain data.
 */
import { env } from '../../config/env';
import { loadOnce } from '../loadOnce';
import { toSessionUser, type SessionUser } from './sessionUser';

// Types only: the code itself is loaded on first use below.
import type { Auth } from 'firebase/auth';
import type * as FirebaseAuth from 'firebase/auth';

type AuthModule = typeof FirebaseAuth;

/** Loads Firebase on first use; a failed download is tried again at the next call. */
const load = loadOnce(async (): Promise<{ auth: Auth; mod: AuthModule }> => {
  const [{ initializeApp }, mod] = await Promise.all([
    import(/* webpackChunkName: "firebase" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase" */ 'firebase/auth'),
  ]);
  const app = initializeApp(env.firebase);
  const auth = mod.initializeAuth(app, {
    persistence: [mod.indexedDBLocalPersistence, mod.browserLocalPersistence],
    popupRedirectResolver: env.useAuthEmulator ? undefined : mod.browserPopupRedirectResolver,
  });
  if (env.useAuthEmulator) {
    // Empty: the page's own origin, where the API server proxies the emulator.
    const url = env.authEmulatorUrl || window.location.origin;
    mod.connectAuthEmulator(auth, url, { disableWarnings: true });
  }
  return { auth, mod };
});

/** What the app asks of the sign-in provider (a fake stands in for it in the listener tests). */
export interface AuthService {
  /** Calls back with the session user (or null) now and on every change. */
  subscribe(onChange: (user: SessionUser | null) => void): Promise<() => void>;
  signIn(email: string, password: string): Promise<SessionUser>;
  signUp(email: string, password: string): Promise<SessionUser>;
  /** Google: the popup in production; with the emulator, a test Google account. */
  signInWithGoogle(testAccount?: { email: string; name: string }): Promise<SessionUser>;
  /** A new display name, and photo (undefined keeps the photo, null removes it). */
  updateProfile(profile: { displayName: string; photoURL?: string | null }): Promise<SessionUser>;
  /** Deletes the signed-in account (a registration that failed half-way). */
  deleteCurrentUser(): Promise<void>;
  /**
   * A password account's new password: signs in again with the current one (the provider asks
   * for a recent sign-in), then sets the new one. The provider's error (with its code) is thrown.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  /** The signed-in user's ID token, or null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  /** Sets a new password with a mailed reset link's code. */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /** Applies a mailed confirmation link's code (the address becomes confirmed). */
  applyActionCode(code: string): Promise<void>;
}

/** True when Google sign-in goes through the emulator's test accounts, not the popup. */
export const usesTestGoogleAccounts = env.useAuthEmulator;

export const firebaseAuthService: AuthService = {
  async subscribe(onChange) {
    const { auth, mod } = await load();
    return mod.onAuthStateChanged(auth, (user) => onChange(user ? toSessionUser(user) : null));
  },
  async signIn(email, password) {
    const { auth, mod } = await load();
    const credential = await mod.signInWithEmailAndPassword(auth, email, password);
    return toSessionUser(credential.user);
  },
  async signUp(email, password) {
    const { auth, mod } = await load();
    const credential = await mod.createUserWithEmailAndPassword(auth, email, password);
    return toSessionUser(credential.user);
  },
  async signInWithGoogle(testAccount) {
    const { auth, mod } = await load();
    if (usesTestGoogleAccounts) {
      if (!testAccount) throw new Error('a test Google account is needed with the emulator');
      // The emulator's documented test path: an unsigned Google ID token.
      const idToken = JSON.stringify({
        sub: `google-${testAccount.email}`,
        email: testAccount.email,
        email_verified: true,
        name: testAccount.name,
      });
      const credential = await mod.signInWithCredential(
        auth,
        mod.GoogleAuthProvider.credential(idToken),
      );
      return toSessionUser(credential.user);
    }
    const credential = await mod.signInWithPopup(auth, new mod.GoogleAuthProvider());
    return toSessionUser(credential.user);
  },
  async updateProfile(profile) {
    const { auth, mod } = await load();
    const user = auth.currentUser;
    if (!user) throw new Error('nobody is signed in');
    await mod.updateProfile(user, profile);
    // updateProfile fires no auth event: read the user again for the new projection.
    await user.reload();
    return toSessionUser(auth.currentUser ?? user);
  },
  async deleteCurrentUser() {
    const { auth, mod } = await load();
    if (auth.currentUser) await mod.deleteUser(auth.currentUser);
  },
  async changePassword(currentPassword, newPassword) {
    const { auth, mod } = await load();
    const user = auth.currentUser;
    if (!user?.email) throw new Error('nobody is signed in');
    const credential = mod.EmailAuthProvider.credential(user.email, currentPassword);
    await mod.reauthenticateWithCredential(user, credential);
    await mod.updatePassword(user, newPassword);
  },
  async signOut() {
    const { auth, mod } = await load();
    await mod.signOut(auth);
  },
  async getIdToken(forceRefresh = false) {
    const { auth } = await load();
    return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
  },
  async confirmPasswordReset(code, newPassword) {
    const { auth, mod } = await load();
    await mod.confirmPasswordReset(auth, code, newPassword);
  },
  async applyActionCode(code) {
    const { auth, mod } = await load();
    await mod.applyActionCode(auth, code);
  },
};

/** A provider error's code (auth/wrong-password, …), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}
