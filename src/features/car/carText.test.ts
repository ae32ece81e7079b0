import { carsSold, marketValueText, memberSince, notRatedReason, priceBasis } from './carText';

describe("a car page's words", () => {
  it('puts the price against the market value, to the nearest $100', () => {
    expect(priceBasis(61800, { rating: 'great', median: 66000, comparables: 23 })).toBe(
      '$4,200 below its market value',
    );
    expect(priceBasis(61800, { rating: 'high', median: 60660, comparables: 7 })).toBe(
      '$1,100 above its market value',
    );
    expect(priceBasis(50000, { rating: 'good', median: 50020, comparables: 5 })).toBe(
      'At its market value',
    );
  });

  it('says what the market value rests on, and why a price is not rated', () => {
    const car = {
      categoryName: 'BMW',
      condition: 'Good',
      resalePrice: 39900,
      userYears: 7,
      model: '3 Series',
      modelYear: 2019,
      mileage: 48000,
    };
    const value = { value: 41234, listings: 312, makeListings: null, rated: true };
    expect(marketValueText(car, { ...value, basis: 'model' })).toBe(
      'Market value $41,200, from 312 BMW 3 Series for sale, for a 2019 with 48,000 miles in ' +
        'Good condition',
    );
    expect(marketValueText(car, { ...value, basis: 'make', listings: 7, makeListings: 1204 })).toBe(
      'Market value $41,200, from 1,204 BMW for sale (7 of them 3 Series), for a 2019 with ' +
        '48,000 miles in Good condition',
    );
    expect(marketValueText(car, { ...value, basis: 'comparables', listings: 14 })).toBe(
      'Market value $41,200, the median price of 14 BMW for sale in Good condition used within ' +
        '2 years of this one',
    );
    const unrated = { ...value, basis: 'model' as const, rated: false };
    expect(notRatedReason(car, { ...unrated, listings: 4 }, 2026)).toBe(
      'Not rated: too few cars like it for sale.',
    );
    expect(notRatedReason({ ...car, modelYear: 2000 }, unrated, 2026)).toBe(
      'Not rated: over 25 years old.',
    );
    expect(notRatedReason({ ...car, resalePrice: 1000 }, unrated, 2026)).toBe(
      'Not rated: priced under $1,500.',
    );
    expect(notRatedReason(car, value as typeof unrated, 2026)).toBe('');
  });

  it('says how long the seller has been a member and how many cars they sold', () => {
    expect(memberSince('2024-11-03T10:00:00.000Z')).toBe('Member since Nov 2024');
    expect(carsSold(1)).toBe('1 car sold');
    expect(carsSold(0)).toBe('0 cars sold');
  });
});
