import type { Drive } from '../platform/db/vehicle-fields';
import type { products } from '../platform/db/schema';

/**
 * The demo's market: more Teslas for sale, from two dealers, so that the demo Teslas have a market
 * value and a rating (server/src/valuation/market-valuation.ts: a make's fit needs 20 listings in
 * models of two or more, a rating 5 listings of the car's model). With the three demo Teslas of
 * seed.ts, 21 Teslas: 7 Model 3, 7 Model Y, 5 Model S (each rated) and 2 Model X (valued, too few
 * to rate). Real trims, model years and mileages; asking prices near today's for used Teslas,
 * about 11 % less a year, 3.4 % less per 10,000 miles and 7 % less per step of condition, a
 * Plaid 32 % dearer, give or take 3 % (the fit finds 12.5 %, 3.5 % and 3.7 %; the demo Model 3
 * at $38,500 is valued $37,243, a 'Fair price'). The photos are the demo's own pictures of a car
 * of that body and colour.
 */

export const BAYSIDE = 'bayside@cardealer.dev';
export const MESA = 'mesa@cardealer.dev';

const LOTS = { [BAYSIDE]: 'Oakland, CA', [MESA]: 'Mesa, AZ' } as const;
/** The year the demo's years used are counted to (as seed.ts's demo cars are). */
const DEMO_YEAR = 2026;
const BODIES = {
  'Model 3': 'Sedan',
  'Model S': 'Sedan',
  'Model Y': 'SUV',
  'Model X': 'SUV',
} as const;

type MarketCar = [
  model: keyof typeof BODIES,
  trim: string,
  modelYear: number,
  mileage: number,
  condition: 'Excellent' | 'Good' | 'Fair',
  price: number,
  priceNew: number,
  colour: string,
  /** The demo picture of a car of that body and colour (public/images/cars/car-NN.svg). */
  picture: number,
  drive: Drive,
  owners: number,
  seller: typeof BAYSIDE | typeof MESA,
  description: string,
];

// One car a line, so the market reads as a table.
// prettier-ignore
const MARKET: readonly MarketCar[] = [
  ['Model 3', 'Long Range', 2025, 7200, 'Excellent', 44900, 47990, 'Deep Blue Metallic', 1, 'AWD', 1, BAYSIDE, 'Lease return, still under the new-vehicle warranty; FSD not included.'],
  ['Model 3', 'Long Range', 2024, 34600, 'Good', 32100, 47240, 'Quicksilver', 10, 'AWD', 1, MESA, 'Highland refresh with ventilated seats; two small curb marks on the rear wheels.'],
  ['Model 3', 'Long Range', 2023, 19800, 'Good', 31200, 47240, 'Midnight Silver Metallic', 10, 'AWD', 1, BAYSIDE, 'Tinted windows, battery at 96% health; stone chips on the bonnet and a worn seat bolster.'],
  ['Model 3', 'Long Range', 2022, 44300, 'Excellent', 26900, 51190, 'Pearl White', 7, 'AWD', 2, MESA, 'Second owner, ceramic coated, new cabin filter and wiper blades.'],
  ['Model 3', 'Standard Range Plus', 2021, 31200, 'Excellent', 22200, 39990, 'Deep Blue Metallic', 1, 'RWD', 1, BAYSIDE, 'A weekend car: low miles, garage kept, all-season tyres at full tread.'],
  ['Model 3', 'Long Range', 2020, 68400, 'Fair', 16800, 48490, 'Solid Black', 7, 'AWD', 2, MESA, 'Scratches on the rear bumper and a cracked trim piece; drives perfectly.'],
  ['Model Y', 'Long Range', 2025, 11800, 'Excellent', 46900, 52490, 'Solid Black', 2, 'AWD', 1, MESA, 'Juniper model with the rear touchscreen, tow hitch and all-weather mats.'],
  ['Model Y', 'Long Range', 2024, 38500, 'Good', 36600, 50490, 'Ultra Red', 8, 'AWD', 1, BAYSIDE, 'Five seats with the flat load floor; a scuff on the rear bumper from loading.'],
  ['Model Y', 'Performance', 2023, 27300, 'Good', 35800, 56490, 'Solid Black', 2, 'AWD', 1, MESA, '21-inch Uberturbine wheels, lowered suspension, a chip in the windscreen.'],
  ['Model Y', 'Long Range', 2023, 16900, 'Excellent', 35900, 52490, 'Red Multi-Coat', 8, 'AWD', 1, BAYSIDE, 'One owner, garage kept, seven seats, service records from Tesla.'],
  ['Model Y', 'Long Range', 2022, 52200, 'Excellent', 29100, 58990, 'Solid Black', 2, 'AWD', 1, MESA, 'Highway miles, paint protection film on the front, new tyres at 45,000 miles.'],
  ['Model Y', 'Long Range', 2021, 58100, 'Fair', 21400, 51990, 'Red Multi-Coat', 8, 'AWD', 2, BAYSIDE, 'Paint chips on the bonnet and a scuffed rear seat; new 12 V battery.'],
  ['Model S', 'Plaid', 2024, 12900, 'Excellent', 83400, 89990, 'Quicksilver', 10, 'AWD', 1, BAYSIDE, 'Yoke and round wheel both included, premium connectivity until 2027.'],
  ['Model S', 'Plaid', 2022, 28600, 'Excellent', 60300, 129990, 'Pearl White', 7, 'AWD', 1, MESA, 'Plaid with the carbon decor, never tracked, cold weather package.'],
  ['Model S', 'Plaid', 2021, 39700, 'Good', 48900, 129990, 'Midnight Silver Metallic', 10, 'AWD', 2, BAYSIDE, 'An early Plaid with the yoke; small dent in the passenger door, new rear tyres.'],
  ['Model S', 'Plaid', 2023, 51800, 'Good', 58700, 108490, 'Deep Blue Metallic', 1, 'AWD', 2, MESA, 'Free supercharging transfers with the car; rear drive unit replaced under warranty.'],
  ['Model X', 'Long Range', 2022, 36400, 'Good', 49800, 104990, 'Solid Black', 2, 'AWD', 1, BAYSIDE, 'Six seats, falcon wing doors recently serviced, tow package.'],
  ['Model X', 'Dual Motor', 2023, 19800, 'Excellent', 63800, 99990, 'Ultra Red', 8, 'AWD', 1, MESA, 'Seven seats, 20-inch wheels and the white interior; one owner.'],
];

/**
 * The market's cars as product rows (ids demo-market-NN, names with their model year, as dealers
 * list them), posted over the last five weeks.
 */
export function demoMarketProducts(
  now: number,
  sellerName: (email: string) => string,
  avatar: string,
): (typeof products.$inferInsert)[] {
  return MARKET.map((car, i) => {
    const [model, trim, modelYear, mileage, condition, price, priceNew, colour, picture] = car;
    const [, , , , , , , , , drive, owners, email, productDescription] = car;
    const photo = `/images/cars/car-${String(picture).padStart(2, '0')}.svg`;
    const posted = new Date(now - (i * 2 + 1) * 23 * 3600 * 1000);
    return {
      _id: `demo-market-${String(i + 1).padStart(2, '0')}`,
      carName: `${modelYear} Tesla ${model} ${trim}`,
      carPhoto: photo,
      photos: [photo],
      categoryName: 'Tesla',
      condition,
      originalPrice: priceNew,
      resalePrice: price,
      productLocation: LOTS[email],
      userYears: Math.max(1, DEMO_YEAR - modelYear),
      postTime: posted.toLocaleString('en-US'),
      productDescription,
      sellerName: sellerName(email),
      sellerPhoto: avatar,
      email,
      advertisement: 'false',
      createdAt: posted,
      model,
      modelYear,
      trim,
      bodyStyle: BODIES[model],
      fuel: 'Electric',
      transmission: 'Automatic',
      drive,
      exteriorColor: colour,
      mileage,
      owners,
    };
  });
}
