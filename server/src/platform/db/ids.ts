import { randomBytes } from 'node:crypto';

/** A new record id: 24 hex digits, like the MongoDB ObjectIds the seed's client saw. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Emails are compared trimmed and lower-cased everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
