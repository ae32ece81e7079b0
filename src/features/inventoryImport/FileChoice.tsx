import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';

/**
 * A labelled file picker with its help, and the reason a chosen file was refused (the picker is
 * then marked invalid and described by it).
 */
export function FileChoice({
  id,
  label,
  help,
  accept,
  problem,
  disabled,
  onPick,
}: {
  id: string;
  label: string;
  help: string;
  accept: string;
  problem: string | null;
  disabled: boolean;
  onPick: (file: File | null) => void;
}) {
  const helpId = `${id}-help`;
  return (
    <Box>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Box
        component="input"
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={Boolean(problem)}
        aria-describedby={helpId}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          onPick(event.currentTarget.files?.[0] ?? null)
        }
        sx={{
          display: 'block',
          width: '100%',
          boxSizing: 'border-box',
          p: 1.5,
          border: 1,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: problem ? 'error.main' : 'divider',
          bgcolor: 'background.default',
          font: 'inherit',
        }}
      />
      <FormHelperText id={helpId} error={Boolean(problem)} role={problem ? 'alert' : undefined}>
        {problem ?? help}
      </FormHelperText>
    </Box>
  );
}
