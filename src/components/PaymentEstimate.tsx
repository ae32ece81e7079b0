import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatPrice } from '../lib/format';
import {
  formatMonthly,
  monthlyPayment,
  type PaymentField,
  type PaymentInput,
} from '../lib/payment';
import { PAYMENT_ESTIMATE_ID } from './PaymentEstimateId';
import { PlainSelect, PlainTextField } from './PlainField';
import { Tag } from './Tag';

const TERMS = [24, 36, 48, 60, 72, 84].map((months) => ({
  value: String(months),
  label: `${months} months`,
}));

const LABELS: Record<Exclude<PaymentField, 'months'>, string> = {
  price: 'Price ($)',
  down: 'Down payment ($)',
  apr: 'APR (%)',
};

/**
 * A monthly payment estimate, computed in the browser as the visitor types (lib/payment.ts): the
 * price (prefilled on a car's page), a down payment, the APR and the term. Labelled 'Estimate
 * only'; a wrong input says what is wrong under its field.
 */
export function PaymentEstimate({
  price,
  headingLevel = 'h2',
}: {
  /** The car's price, prefilled; none on the page without a car. */
  price?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  const id = useId();
  const [input, setInput] = useState<PaymentInput>({
    price: price === undefined ? '' : String(Math.round(price)),
    down: price === undefined ? '' : String(Math.round(price / 10 / 100) * 100),
    apr: '6.9',
    months: '60',
  });
  const result = monthlyPayment(input);
  const errors = result.ok ? {} : result.errors;
  const field = (name: Exclude<PaymentField, 'months'>) => (
    <Box key={name} sx={{ minWidth: 0 }}>
      <PlainTextField
        label={LABELS[name]}
        inputMode="decimal"
        autoComplete="off"
        value={input[name]}
        onChange={(event) => setInput({ ...input, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <Typography id={`${id}-${name}-error`} variant="body2" color="error" sx={{ mt: 0.5 }}>
          {errors[name]}
        </Typography>
      )}
    </Box>
  );
  return (
    <Box
      component="section"
      id={PAYMENT_ESTIMATE_ID}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, scrollMarginTop: 80 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={`${id}-title`} component={headingLevel} variant="h6">
          Payment estimate
        </Typography>
        <Tag>Estimate only</Tag>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {field('price')}
        {field('down')}
        {field('apr')}
        <PlainSelect
          label="Term"
          options={TERMS}
          value={input.months}
          onChange={(event) => setInput({ ...input, months: event.target.value })}
        />
      </Box>
      <Box component="output" aria-live="polite" sx={{ display: 'block', mt: 2 }}>
        {result.ok ? (
          <>
            <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
              {formatMonthly(result.monthly)}/month
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block' }}
            >
              {formatPrice(result.financed)} financed over {input.months} months at{' '}
              {input.apr.trim()}% APR, before taxes and fees. Your rate depends on your credit and
              your lender.
            </Typography>
          </>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            Correct the fields above to see a monthly payment.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
