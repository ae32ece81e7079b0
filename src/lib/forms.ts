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
