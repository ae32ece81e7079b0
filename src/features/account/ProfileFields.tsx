import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import * as yup from 'yup';
import { SelectInput, type SelectOption } from '../../components/SelectInput';
import { ACCEPTED_IMAGE_TYPES } from '../../lib/api/imageHost';
import { fieldError, isOneLine, ONE_LINE_MESSAGE } from '../../lib/forms';
import { SIGN_UP_ROLES, type SignUpRole } from './accountThunks';

export const REQUIRED = 'Field is required';

/** The name of a new account: one line of at most 80 characters. */
export const nameSchema = () =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .max(80, 'Use at most 80 characters')
    .test('one-line', ONE_LINE_MESSAGE, isOneLine);

/** The role choice of the register form: Seller or Buyer, with its placeholder. */
export const ROLE_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Make seller or buyer', disabled: true },
  ...SIGN_UP_ROLES.map((role) => ({ value: role, label: role })),
];

export const roleSchema = (required: string) =>
  yup.string().oneOf(SIGN_UP_ROLES, 'Choose seller or buyer').required(required);

interface PhotoFieldProps {
  id: string;
  /** Changed to clear the chosen file. */
  resetKey?: number;
  disabled: boolean;
  error: string | undefined;
  /** What the field says when there is no error. */
  help?: string;
  onChange(file: File | null): void;
  onBlur(): void;
}

/** The profile photo's file input, with its label and message. */
export function PhotoField({
  id,
  resetKey,
  disabled,
  error,
  help = 'A JPEG, PNG, WebP or GIF image, up to 5 MB',
  onChange,
  onBlur,
}: PhotoFieldProps) {
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        Photo
      </Typography>
      <input
        key={resetKey}
        id={id}
        name="photo"
        type="file"
        disabled={disabled}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        onBlur={onBlur}
      />
      <FormHelperText id={`${id}-help`} error={Boolean(error)}>
        {error ?? help}
      </FormHelperText>
    </Box>
  );
}

/** What the photo and role fields read and set of a registration form. */
type ProfileForm = Pick<
  FormikProps<{ photo: File | null; role: SignUpRole | '' }>,
  | 'values'
  | 'touched'
  | 'errors'
  | 'handleChange'
  | 'handleBlur'
  | 'setFieldValue'
  | 'setFieldTouched'
>;

interface PhotoAndRoleProps {
  form: ProfileForm;
  photoId: string;
  /** Changed to clear the chosen file. */
  resetKey?: number;
  photoDisabled: boolean;
  roleDisabled?: boolean;
}

/** A registration form's photo file and its Seller-or-Buyer choice. */
export function PhotoAndRoleFields({
  form,
  photoId,
  resetKey,
  photoDisabled,
  roleDisabled,
}: PhotoAndRoleProps) {
  const errorOf = (name: 'photo' | 'role') => fieldError(form, name);
  return (
    <>
      <PhotoField
        id={photoId}
        resetKey={resetKey}
        disabled={photoDisabled}
        error={errorOf('photo')}
        onChange={(file) => {
          void form.setFieldValue('photo', file);
          void form.setFieldTouched('photo', true, false);
        }}
        onBlur={() => void form.setFieldTouched('photo', true)}
      />
      <SelectInput
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={form.values.role}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={roleDisabled}
        error={Boolean(errorOf('role'))}
        helperText={errorOf('role')}
      />
    </>
  );
}

interface SubmitProps {
  /** The photo's upload, 0 to 1, or null when none is under way. */
  progress: number | null;
  submitting: boolean;
  disabled: boolean;
  label: string;
}

/** The photo's upload progress (while it runs) and the form's submit button. */
export function RegistrationSubmit({ progress, submitting, disabled, label }: SubmitProps) {
  return (
    <>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          color="secondary"
          aria-label="Uploading your photo"
        />
      )}
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={disabled}>
        {submitting ? 'Loading...' : label}
      </Button>
    </>
  );
}
