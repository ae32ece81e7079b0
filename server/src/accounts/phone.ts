/** A phone number as the account's settings and a dealer's profile take it. */

/** 7 to 20 characters: digits, spaces, dashes, brackets and a leading +, ending in a digit. */
export const PHONE_PATTERN = '\\+?[0-9(][0-9 ()-]{5,18}[0-9]';

export const PHONE_RULE = '7 to 20 characters: digits, spaces, dashes, brackets and a leading +';
