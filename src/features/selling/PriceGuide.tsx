import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useState } from 'react';
import { fairPriceLabel } from '../../components/FairPriceBadge';
import { useValueCarQuery, type ValueCarApiArg } from '../../lib/api';
import { aboutPrice, fromSimilar, valueArgs, type ValueFields } from '../../lib/carValue';
import type { ProductFormValues } from './productForm';

/** How long the guide waits after the last keystroke before it asks. */
export const GUIDE_DEBOUNCE_MS = 400;

export const GUIDE_HINT =
  'Enter the category, model, model year, mileage and condition to see what similar cars sell for.';
export const GUIDE_UNAVAILABLE = 'The market value is not available right now.';

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

/** The guide's words: the market value and the rating the price would get, or why there is none. */
function guideText(
  args: ValueCarApiArg | null,
  result: ReturnType<typeof useValueCarQuery>,
): { value: string; rating: string | null } {
  if (!args) return { value: GUIDE_HINT, rating: null };
  const answer = result.data;
  if (!answer) {
    return {
      value: result.isError ? GUIDE_UNAVAILABLE : 'Looking up the market value…',
      rating: null,
    };
  }
  if (answer.value === null)
    return { value: answer.reason ?? 'Not enough similar cars to value it', rating: null };
  const value = `Market value about ${aboutPrice(answer.value)} (${fromSimilar(answer.comparables ?? 0)})`;
  if (!args.price || answer.rating === undefined) return { value, rating: null };
  const rating = answer.rating
    ? `At ${aboutPrice(Number(args.price))}: ${fairPriceLabel(answer.rating)}`
    : 'Too few similar cars to rate this price';
  return { value, rating };
}

/**
 * The price guide of Add product and Edit: as soon as the category, model, model year, mileage
 * and condition are known, the market value of such a car and the rating the price typed would
 * get, asked again (after a pause in the typing) as they change. A polite live region of a fixed
 * height, so the form below never moves.
 */
export const PriceGuide = memo(function PriceGuide(fields: ValueFields) {
  const args = useSettled(valueArgs(fields), GUIDE_DEBOUNCE_MS);
  const result = useValueCarQuery(args ?? {}, { skip: !args });
  const text = guideText(args, result);
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label="Price guide"
      sx={{
        gridColumn: '1 / -1',
        minHeight: 64,
        px: 2,
        py: 1,
        mb: 1,
        borderRadius: 1,
        bgcolor: 'grey.100',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: args && result.data?.value ? 600 : 400 }}>
        {text.value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text.rating ?? '\u00a0'}
      </Typography>
    </Box>
  );
});

/** What the guide reads of the form's values. */
export const guideFields = (values: ProductFormValues): ValueFields => ({
  make: values.categoryName,
  model: values.model,
  year: values.modelYear,
  mileage: values.mileage,
  condition: values.condition,
  price: values.resalePrice,
});
