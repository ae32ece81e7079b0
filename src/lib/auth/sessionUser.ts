/**
 * The signed-in user as the store holds it: a plain, serialisable projection of the provider's
 * user. The provider's own object never enters the store.
 */
export interface SessionUser {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  isAnonymous: boolean;
  tenantId: string | null;
  providerData: {
    providerId: string;
    uid: string;
    displayName: string | null;
    email: string | null;
    photoURL: string | null;
    phoneNumber: string | null;
  }[];
  metadata: { creationTime: string | null; lastSignInTime: string | null };
}

/** The fields of a provider user that the projection reads (Firebase's `User` has them all). */
export interface ProviderUserLike {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  isAnonymous: boolean;
  tenantId: string | null;
  providerData: SessionUser['providerData'];
  metadata: { creationTime?: string; lastSignInTime?: string };
}

export function toSessionUser(user: ProviderUserLike): SessionUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    photoURL: user.photoURL,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    tenantId: user.tenantId,
    providerData: user.providerData.map((p) => ({
      providerId: p.providerId,
      uid: p.uid,
      displayName: p.displayName,
      email: p.email,
      photoURL: p.photoURL,
      phoneNumber: p.phoneNumber,
    })),
    metadata: {
      creationTime: user.metadata.creationTime ?? null,
      lastSignInTime: user.metadata.lastSignInTime ?? null,
    },
  };
}
