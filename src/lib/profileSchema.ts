/** The checks of an account's name, as registration and the Account settings page make them. */
import * as yup from 'yup';
import { isOneLine, ONE_LINE_MESSAGE } from './forms';

export const REQUIRED = 'Field is required';

/** The name of a new account: one line of at most 80 characters. */
export const nameSchema = () =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .max(80, 'Use at most 80 characters')
    .test('one-line', ONE_LINE_MESSAGE, isOneLine);
