import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { FormikProps } from 'formik';
import * as yup from 'yup';
import { SelectInput, type SelectOption } from '../../components/SelectInput';
import { fieldError } from '../../lib/forms';
import { PhotoField } from '../../components/ProfilePhotoField';
import { SIGN_UP_ROLES, type SignUpRole } from './accountThunks';

// The name's and photo's fields are shared with the Account settings page.
export { nameSchema, REQUIRED } from '../../lib/profileSchema';
export { PhotoField } from '../../components/ProfilePhotoField';

/** The role choice of the register form: Seller or Buyer, with its placeholder. */
export const ROLE_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Make seller or buyer', disabled: true },
  ...SIGN_UP_ROLES.map((role) => ({ value: role, label: role })),
];

export const roleSchema = (required: string) =>
  yup.string().oneOf(SIGN_UP_ROLES, 'Choose seller or buyer').required(required);

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
