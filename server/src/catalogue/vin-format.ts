/**
 * The form of a VIN (ISO 3779): 17 letters and digits, never I, O or Q (they read as 1 and 0).
 * The check digit and the decoding build on this (issue 24, VIN decoding).
 */

export const VIN_LENGTH = 17;

/** A VIN as stored: trimmed and in capitals. */
export function normaliseVin(vin: string): string {
  return vin.trim().toUpperCase();
}

/** What is wrong with the form of a (normalised) VIN, or null when it has the right form. */
export function vinFormatProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) {
    return `must be ${VIN_LENGTH} characters (this one has ${vin.length})`;
  }
  const refused = /[IOQ]/.exec(vin);
  if (refused) {
    return `must not contain the letter ${refused[0]} (character ${refused.index + 1}): VINs never use I, O or Q`;
  }
  const other = /[^A-Z0-9]/.exec(vin);
  if (other) {
    return `must be letters and digits only (character ${other.index + 1} is '${other[0]}')`;
  }
  return null;
}
