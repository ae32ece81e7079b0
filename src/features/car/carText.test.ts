import { carsSold, memberSince, priceBasis } from './carText';

describe("a car page's words", () => {
  it('puts the price against the median of the cars compared', () => {
    expect(priceBasis(61800, { rating: 'great', median: 66000, comparables: 23 })).toBe(
      '$4,200 below the median of 23 similar cars',
    );
    expect(priceBasis(61800, { rating: 'high', median: 60700, comparables: 7 })).toBe(
      '$1,100 above the median of 7 similar cars',
    );
    expect(priceBasis(50000, { rating: 'good', median: 50000, comparables: 5 })).toBe(
      'At the median of 5 similar cars',
    );
  });

  it('says how long the seller has been a member and how many cars they sold', () => {
    expect(memberSince('2024-11-03T10:00:00.000Z')).toBe('Member since Nov 2024');
    expect(carsSold(1)).toBe('1 car sold');
    expect(carsSold(0)).toBe('0 cars sold');
  });
});
