import { formatDay, formatPostDate, formatPrice, formatYears, listedAgo } from './format';

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

describe('formatDay and listedAgo', () => {
  const now = new Date(2026, 10, 15, 9, 30).getTime();

  it("says a day as 'Nov 3', with its year when it is not this year's", () => {
    expect(formatDay(new Date(2026, 10, 3, 23, 0).toISOString(), now)).toBe('Nov 3');
    expect(formatDay(new Date(2025, 11, 30).toISOString(), now)).toBe('Dec 30, 2025');
    expect(formatDay('never', now)).toBe('never');
  });

  it('counts calendar days since the listing', () => {
    expect(listedAgo(new Date(2026, 10, 15, 0, 5).toISOString(), now)).toBe('Listed today');
    expect(listedAgo(new Date(2026, 10, 14, 23, 55).toISOString(), now)).toBe('Listed yesterday');
    expect(listedAgo(new Date(2026, 10, 3, 12, 0).toISOString(), now)).toBe('Listed 12 days ago');
    // A month with a clock change in it still counts whole days.
    expect(listedAgo(new Date(2026, 9, 15, 9, 30).toISOString(), now)).toBe('Listed 31 days ago');
    // A clock a little ahead of the visitor's: today, not 'in the future'.
    expect(listedAgo(new Date(2026, 10, 15, 9, 40).toISOString(), now)).toBe('Listed today');
    expect(listedAgo('soon', now)).toBeNull();
  });
});
