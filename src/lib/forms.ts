import type { FormikErrors, FormikHandlers, FormikTouched } from 'formik';

/** What the text-field helpers read of a Formik form (`useFormik`'s result has it all). */
interface FormState<V> {
  values: V;
  touched: FormikTouched<V>;
  errors: FormikErrors<V>;
  handleChange: FormikHandlers['handleChange'];
  handleBlur: FormikHandlers['handleBlur'];
}

/** A field's message once the user has left it (or submitted), else undefined. */
export function fieldError<V>(form: FormState<V>, name: keyof V & string): string | undefined {
  const touched = form.touched[name];
  const error = form.errors[name];
  return touched && error ? String(error) : undefined;
}

/** Everything an MUI TextField needs to be one of the form's fields. */
export function textFieldProps<V>(form: FormState<V>, name: keyof V & string) {
  const message = fieldError(form, name);
  return {
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(message),
    helperText: message,
  };
}

/**
 * Line breaks and the other control characters (C0, DEL, C1, the Unicode line and paragraph
 * separators, the text-direction embeddings, overrides and isolates U+202A–U+202E and
 * U+2066–U+2069): single-line fields refuse them, as the server does (a paste can bring them).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
export const ONE_LINE_MESSAGE =
  'Use one line, without line breaks, tabs or other control characters';

/** Whether text is one line (an empty value is, the required check speaks for it). */
export function isOneLine(value: string | undefined): boolean {
  return !value || value.search(CONTROL_CHARACTERS) < 0;
}

/** Text typed on several lines made one: each run of breaks and controls becomes one space. */
export function toOneLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}
