/**
 * The payment estimate's arithmetic, in the browser: the standard amortisation formula, monthly
 * payment = principal × r / (1 − (1 + r)^−n) with r the APR / 12, n the months; an APR of 0 is
 * the principal spread evenly. The payment is rounded up to the cent, as lenders do, so the
 * payments repay the whole loan ($25,000 at 6.9 % over 60 months: $493.8513… → $493.86). Every
 * input is checked, and a wrong one says what is wrong.
 */

export interface PaymentInput {
  price: string;
  down: string;
  apr: string;
  months: string;
}

export type PaymentField = keyof PaymentInput;

export const PAYMENT_LIMITS = { maxApr: 40, maxMonths: 120 } as const;

export type PaymentResult =
  | { ok: true; monthly: number; financed: number }
  | { ok: false; errors: Partial<Record<PaymentField, string>> };

/** A typed amount: digits with optional thousands commas, a '$' and decimals; else NaN. */
function amount(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return cleaned === '' || !/^\d*\.?\d*$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

export function monthlyPayment(input: PaymentInput): PaymentResult {
  const price = amount(input.price);
  const down = input.down.trim() === '' ? 0 : amount(input.down);
  const apr = amount(input.apr.replace(/%\s*$/, ''));
  const months = amount(input.months);
  const errors: Partial<Record<PaymentField, string>> = {};
  if (!(price > 0)) errors.price = 'Enter the price in dollars, more than 0';
  if (!(down >= 0)) errors.down = 'Enter the down payment in dollars (0 for none)';
  else if (price > 0 && down >= price) errors.down = 'The down payment must be less than the price';
  if (!(apr >= 0 && apr <= PAYMENT_LIMITS.maxApr)) {
    errors.apr = `Enter the APR as a percentage from 0 to ${PAYMENT_LIMITS.maxApr}`;
  }
  if (!(Number.isInteger(months) && months >= 1 && months <= PAYMENT_LIMITS.maxMonths)) {
    errors.months = `Enter the term in whole months, from 1 to ${PAYMENT_LIMITS.maxMonths}`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const financed = price - down;
  const rate = apr / 100 / 12;
  const exact =
    rate === 0 ? financed / months : (financed * rate) / (1 - Math.pow(1 + rate, -months));
  // Up to the cent; the tiny allowance keeps an exact 625.00 (a float's 625.0000000001) as it is.
  const monthly = Math.ceil(exact * 100 - 1e-6) / 100;
  return { ok: true, monthly, financed };
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$493.86' */
export function formatMonthly(value: number): string {
  return money.format(value);
}
