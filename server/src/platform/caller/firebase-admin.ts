import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/**
 * The Admin SDK's Auth client. With FIREBASE_AUTH_EMULATOR_HOST set (demo mode only, enforced
 * by the config) it talks to the local emulator; otherwise to the hosted project, with
 * credentials from GOOGLE_APPLICATION_CREDENTIALS.
 */
export function firebaseAuth(config: {
  firebaseProjectId: string;
  authEmulatorHost?: string;
}): Auth {
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const name = `cardealer-${config.firebaseProjectId}`;
  const existing = getApps().find((app) => app.name === name);
  return getAuth(existing ?? initializeApp({ projectId: config.firebaseProjectId }, name));
}

/** Resolves null when the emulator answers, else a message. */
export async function emulatorProblem(host: string): Promise<string | null> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? null : `the sign-in emulator at ${host} answered ${response.status}`;
  } catch {
    return `the sign-in emulator at ${host} is not reachable`;
  }
}
