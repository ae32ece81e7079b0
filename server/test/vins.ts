/**
 * Real VINs, from public listings and NHTSA vPIC examples, with what vPIC's data decodes them to.
 * Their check digits hold (vin-check.test.ts computes them).
 */
export const REAL_VINS = {
  /** A 2015 Tesla Model S (made in Fremont: a North American VIN). */
  tesla: '5YJSA1H12FFP71790',
  /** A 2021 Ferrari SF90 Stradale. */
  ferrari: 'ZFF95NLA0M0265910',
  /** A 2022 Ferrari 812 GTS. */
  ferrari812: 'ZFF97CMA5N0280384',
  /** A 2014 BMW 435i xDrive coupe. */
  bmw: 'WBA3R5C57EK186393',
  /** A 2015 BMW X3 xDrive28i (made in South Carolina). */
  bmwX3: '5UXWX9C58F0D45921',
  /** A 2015 BMW X1: its check digit is X. */
  bmwX1: 'WBAVL1C5XFVY41004',
  /** A 2020 Porsche Taycan 4S: a make the demo has no category for. */
  porsche: 'WP0AB2Y18LSA50759',
  /** vPIC's own example: a 2003 Honda Accord. */
  honda: '1HGCM82633A004352',
} as const;
