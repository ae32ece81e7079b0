import { formatPostDate, formatPrice, formatYears } from './format';

describe('formatPrice', () => {
  it('shows $ and thousands separators', () => {
    expect(formatPrice(38500)).toBe('$38,500');
    expect(formatPrice(1250000)).toBe('$1,250,000');
    expect(formatPrice(999)).toBe('$999');
    expect(formatPrice(0)).toBe('$0');
  });

  it('keeps cents when there are any, and reads numeric strings', () => {
    expect(formatPrice(12.5)).toBe('$12.5');
    expect(formatPrice('45000')).toBe('$45,000');
  });

  it('shows anything that is not a number as written', () => {
    expect(formatPrice('call me')).toBe('$call me');
  });
});

describe('formatPostDate', () => {
  it('reads the local date-time string a browser writes', () => {
    expect(formatPostDate('3/14/2025, 2:30:00 PM')).toBe('Mar 14, 2025');
  });

  it('leaves an unreadable date as written', () => {
    expect(formatPostDate('last Tuesday')).toBe('last Tuesday');
  });
});

describe('formatYears', () => {
  it('says year or years', () => {
    expect(formatYears(1)).toBe('1 year');
    expect(formatYears(3)).toBe('3 years');
  });
});
