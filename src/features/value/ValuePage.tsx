import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { ActionButton } from '../../components/actions';
import { Page } from '../../components/Page';
import { PlainSelect, PlainTextField } from '../../components/PlainField';
import { errorMessage, useValueCarQuery, type ValueCarApiArg } from '../../lib/api';
import { ValueResult, type ValuedCar } from './ValueResult';

const CONDITIONS = ['Excellent', 'Good', 'Fair'].map((value) => ({ value, label: value }));

interface Fields {
  vin: string;
  make: string;
  model: string;
  year: string;
  mileage: string;
  condition: string;
}

const EMPTY: Fields = { vin: '', make: '', model: '', year: '', mileage: '', condition: 'Good' };

/** The question asked of `GET /value`: the VIN when one is typed, else make, model and year. */
function argsOf(fields: Fields): ValueCarApiArg {
  const mileage = fields.mileage.trim().replace(/,/g, '');
  const common = { mileage, condition: fields.condition };
  const vin = fields.vin.trim();
  if (vin) return { vin, ...common };
  return {
    make: fields.make.trim(),
    model: fields.model.trim(),
    year: fields.year.trim(),
    ...common,
  };
}

/** The form's fields: a VIN, or make, model and year; the mileage and the condition. */
function ValueFields({ fields, set }: { fields: Fields; set: (change: Partial<Fields>) => void }) {
  const text = (name: keyof Fields, label: string, extra: object = {}) => (
    <PlainTextField
      label={label}
      name={name}
      value={fields[name]}
      autoComplete="off"
      onChange={(event) => set({ [name]: event.target.value })}
      {...extra}
    />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>{text('vin', 'VIN (or make, model and year)')}</Box>
      {text('make', 'Make')}
      {text('model', 'Model')}
      {text('year', 'Model year', { inputMode: 'numeric' })}
      {text('mileage', 'Mileage (miles)', { inputMode: 'numeric' })}
      <PlainSelect
        label="Condition"
        name="condition"
        options={CONDITIONS}
        value={fields.condition}
        onChange={(event) => set({ condition: event.target.value })}
      />
    </Box>
  );
}

/**
 * 'What's my car worth?' (the footer's 'Trade-in valuation'; public, prerendered): a VIN, or
 * make, model and year, with the mileage and condition → the range the car's market value lies
 * in, how many listings it rests on, and 'List it for …', which opens Add product filled in
 * (through the login page for a visitor who is not signed in).
 */
export function ValuePage() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [asked, setAsked] = useState<{ args: ValueCarApiArg; fields: Fields } | null>(null);
  const result = useValueCarQuery(asked?.args ?? skipToken);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked({ args: argsOf(fields), fields });
  };
  const answer = asked ? result.currentData : undefined;
  const car: ValuedCar | null =
    answer?.car && asked
      ? {
          make: answer.car.make,
          model: asked.fields.vin.trim() ? answer.car.model : asked.fields.model.trim(),
          year: answer.car.modelYear,
          mileage: argsOf(asked.fields).mileage ?? '',
          condition: asked.fields.condition,
        }
      : null;
  return (
    <Page title="What's my car worth? | CarDealer" maxWidth="md">
      <Typography component="h1" variant="h3" gutterBottom>
        What&rsquo;s my car worth?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the VIN, or the make, model and model year, with the mileage and condition: you get
        the range its market value lies in, worked out from the cars for sale here, and how many of
        them it rests on.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Value a car">
        <ValueFields fields={fields} set={(change) => setFields({ ...fields, ...change })} />
        <ActionButton type="submit" variant="contained" tone="secondary" sx={{ mt: 2 }}>
          Value my car
        </ActionButton>
      </Box>
      <Box
        component="section"
        aria-live="polite"
        aria-label="Valuation"
        sx={{ mt: 3, minHeight: 180, border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      >
        {!asked && (
          <Typography color="text.secondary">The value of your car will show here.</Typography>
        )}
        {asked && result.isFetching && <Typography>Working out the value…</Typography>}
        {asked && result.isError && !result.isFetching && (
          <Typography color="error">{errorMessage(result.error)}</Typography>
        )}
        {answer && !result.isFetching && <ValueResult answer={answer} car={car} />}
      </Box>
    </Page>
  );
}
