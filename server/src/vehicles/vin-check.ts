/**
 * Is this a VIN? Its form (ISO 3779: 17 characters, digits and capital letters but I, O and Q,
 * which read as 1 and 0) and, for a car made for North America (first character 1 to 5), its
 * check digit (49 CFR 565.15: character 9). Pure: no database, no decoding. Each refusal names
 * the character that is wrong, as a person would count it (1 to 17).
 */

/** The letters a VIN never has (they read as 1, 0 and 0). */
const NEVER = new Set(['I', 'O', 'Q']);

/** The check digit's transliteration: each letter's value (49 CFR 565.15, table IV). */
// prettier-ignore
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

/** Each position's weight (position 9, the check digit itself, weighs nothing). */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export const VIN_LENGTH = 17;

/** What a person types, as a VIN is written: capitals, no spaces around it. */
export function normaliseVin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** A VIN's first character 1–5: made for the United States, Canada or Mexico. */
export function isNorthAmerican(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/**
 * The check digit a VIN of 17 allowed characters should have in position 9: '0'–'9', or 'X'
 * for a remainder of 10.
 */
export function checkDigit(vin: string): string {
  let sum = 0;
  for (const [i, char] of [...vin].entries()) {
    const value = /[0-9]/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** What is wrong with a VIN as written (already normal: `normaliseVin`), or null when nothing is. */
export function vinProblem(vin: string): string | null {
  const chars = [...vin];
  if (chars.length !== VIN_LENGTH) {
    return `A VIN has ${VIN_LENGTH} characters, this one has ${chars.length}`;
  }
  for (const [i, char] of chars.entries()) {
    if (NEVER.has(char)) return `A VIN has no letter ${char} (character ${i + 1})`;
    if (!/^[A-Z0-9]$/.test(char)) {
      return `A VIN has only letters and digits: character ${i + 1} is ${JSON.stringify(char)}`;
    }
  }
  if (isNorthAmerican(vin)) {
    const expected = checkDigit(vin);
    const actual = chars[8]!;
    if (actual !== expected) {
      return `Character 9 should be ${expected} (the check digit), not ${actual}`;
    }
  }
  return null;
}
