import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import type { SavedSearch } from '../lib/api/generated/screenEndpoints';

/** How an alert is e-mailed: at once, in the day's digest, or never (the bell only). */
export type MailSetting = SavedSearch['notify'];

export const MAIL_SETTING_TEXT: Record<MailSetting, string> = {
  instant: 'At once',
  daily: 'Daily',
  never: 'Never',
};

const SETTINGS = Object.keys(MAIL_SETTING_TEXT) as MailSetting[];

interface Props {
  /** The group's visible name (its legend). */
  label: string;
  value: MailSetting;
  onChange: (value: MailSetting) => void;
  disabled?: boolean;
  /** A line under the choices. */
  helperText?: string;
}

/** 'At once', 'Daily' or 'Never': a radio group with a legend (the alert e-mails'). */
export function MailChoice({ label, value, onChange, disabled, helperText }: Props) {
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontSize: '0.9rem' }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        name={`${id}-mail`}
        value={value}
        aria-labelledby={`${id}-label`}
        aria-describedby={helperText ? `${id}-help` : undefined}
        onChange={(event) => onChange(event.target.value as MailSetting)}
      >
        {SETTINGS.map((setting) => (
          <FormControlLabel
            key={setting}
            value={setting}
            control={<Radio size="small" />}
            label={MAIL_SETTING_TEXT[setting]}
          />
        ))}
      </RadioGroup>
      {helperText && (
        <FormHelperText id={`${id}-help`} sx={{ mx: 0 }}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
