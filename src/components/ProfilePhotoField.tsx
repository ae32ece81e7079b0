import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { ACCEPTED_IMAGE_TYPES } from '../lib/api/imageHost';

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
