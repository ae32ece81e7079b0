import { formatMonthly, monthlyPayment } from './payment';

describe('monthlyPayment', () => {
  it('amortises the price less the down payment over the term', () => {
    const result = monthlyPayment({ price: '30000', down: '5000', apr: '6.9', months: '60' });
    expect(result).toEqual({ ok: true, monthly: expect.any(Number), financed: 25000 });
    expect(result.ok && formatMonthly(result.monthly)).toBe('$493.86');
    const typed = monthlyPayment({ price: '$30,000', down: '5,000', apr: '6.9%', months: '60' });
    expect(typed.ok && formatMonthly(typed.monthly)).toBe('$493.86');
  });

  it('spreads the amount evenly at an APR of 0 (up to the cent), and takes no down payment as 0', () => {
    const result = monthlyPayment({ price: '30000', down: '', apr: '0', months: '48' });
    expect(result.ok && formatMonthly(result.monthly)).toBe('$625.00');
    const uneven = monthlyPayment({ price: '30000', down: '5000', apr: '0', months: '48' });
    expect(uneven.ok && formatMonthly(uneven.monthly)).toBe('$520.84');
  });

  it('says what is wrong with each wrong field', () => {
    expect(monthlyPayment({ price: 'abc', down: '-5', apr: '41', months: '0' })).toEqual({
      ok: false,
      errors: {
        price: 'Enter the price in dollars, more than 0',
        down: 'Enter the down payment in dollars (0 for none)',
        apr: 'Enter the APR as a percentage from 0 to 40',
        months: 'Enter the term in whole months, from 1 to 120',
      },
    });
    expect(monthlyPayment({ price: '20000', down: '20000', apr: '5', months: '60' })).toEqual({
      ok: false,
      errors: { down: 'The down payment must be less than the price' },
    });
    expect(monthlyPayment({ price: '20000', down: '0', apr: '', months: '60.5' })).toEqual({
      ok: false,
      errors: {
        apr: 'Enter the APR as a percentage from 0 to 40',
        months: 'Enter the term in whole months, from 1 to 120',
      },
    });
  });
});
