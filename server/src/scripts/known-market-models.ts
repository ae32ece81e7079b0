/**
 * The makes and models of the known market (known-market.ts): real models, the years they were
 * built, their body, fuel, transmission and drive, and the rule of their prices. Prices new are
 * round figures near the real ones; `weight` is how common a model is within its make (the rare
 * ones have too few listings for a fit of their own at 100,000 cars, some too few for a rating).
 */
export interface ModelRule {
  name: string;
  trims: readonly string[];
  /** First and last model year built (the last is capped at the current year). */
  from: number;
  to: number;
  bodyStyle: string;
  fuel: string;
  transmission: string;
  drive: string;
  /** Price new, dollars. */
  newPrice: number;
  /** Yearly loss of log price (0.12: about 11 % a year; negative: the car gains value). */
  depreciation: number;
  /** Loss of log price per mile (4e-6: about 4 % per 10,000 miles). */
  perMile: number;
  /** Price factor per step of condition (Excellent → Good → Fair). */
  conditionFactor: number;
  weight: number;
}

export interface MakeRule {
  name: string;
  /** The first of the make's three demo pictures. */
  firstPicture: number;
  models: readonly ModelRule[];
}

const ev = { fuel: 'Electric', transmission: 'Automatic' } as const;
const auto = { fuel: 'Gasoline', transmission: 'Automatic' } as const;

// One model a line, so the market reads as a table.
// prettier-ignore
export const MAKES: readonly MakeRule[] = [
  {
    name: 'Tesla',
    firstPicture: 1,
    models: [
      { name: 'Model 3', trims: ['Standard Range', 'Long Range', 'Performance'], from: 2017, to: 2026, bodyStyle: 'Sedan', ...ev, drive: 'AWD', newPrice: 44_000, depreciation: 0.13, perMile: 3.5e-6, conditionFactor: 0.93, weight: 34 },
      { name: 'Model Y', trims: ['Long Range', 'Performance'], from: 2020, to: 2026, bodyStyle: 'SUV', ...ev, drive: 'AWD', newPrice: 50_000, depreciation: 0.12, perMile: 3.5e-6, conditionFactor: 0.93, weight: 34 },
      { name: 'Model S', trims: ['Long Range', 'Plaid', 'P100D'], from: 2012, to: 2026, bodyStyle: 'Sedan', ...ev, drive: 'AWD', newPrice: 90_000, depreciation: 0.14, perMile: 3e-6, conditionFactor: 0.92, weight: 16 },
      { name: 'Model X', trims: ['Long Range', 'Plaid'], from: 2016, to: 2026, bodyStyle: 'SUV', ...ev, drive: 'AWD', newPrice: 100_000, depreciation: 0.15, perMile: 3e-6, conditionFactor: 0.92, weight: 12 },
      { name: 'Cybertruck', trims: ['AWD', 'Cyberbeast'], from: 2024, to: 2026, bodyStyle: 'Pickup', ...ev, drive: 'AWD', newPrice: 90_000, depreciation: 0.1, perMile: 4e-6, conditionFactor: 0.93, weight: 4 },
      { name: 'Roadster', trims: ['2.5 Sport'], from: 2008, to: 2012, bodyStyle: 'Convertible', ...ev, transmission: 'Automatic', drive: 'RWD', newPrice: 120_000, depreciation: 0.02, perMile: 2e-6, conditionFactor: 0.9, weight: 0.06 },
    ],
  },
  {
    name: 'Ferrari',
    firstPicture: 4,
    models: [
      { name: '488 GTB', trims: ['Coupe', 'Pista'], from: 2016, to: 2019, bodyStyle: 'Coupe', ...auto, drive: 'RWD', newPrice: 260_000, depreciation: 0.06, perMile: 6e-6, conditionFactor: 0.9, weight: 16 },
      { name: 'F8 Tributo', trims: ['Coupe', 'Spider'], from: 2020, to: 2023, bodyStyle: 'Coupe', ...auto, drive: 'RWD', newPrice: 290_000, depreciation: 0.07, perMile: 6e-6, conditionFactor: 0.9, weight: 16 },
      { name: 'Roma', trims: ['Coupe', 'Spider'], from: 2021, to: 2026, bodyStyle: 'Coupe', ...auto, drive: 'RWD', newPrice: 245_000, depreciation: 0.09, perMile: 6e-6, conditionFactor: 0.9, weight: 18 },
      { name: '812 Superfast', trims: ['Superfast', 'GTS', 'Competizione'], from: 2018, to: 2024, bodyStyle: 'Coupe', ...auto, drive: 'RWD', newPrice: 400_000, depreciation: 0.05, perMile: 7e-6, conditionFactor: 0.9, weight: 10 },
      { name: 'Portofino', trims: ['Base', 'M'], from: 2018, to: 2026, bodyStyle: 'Convertible', ...auto, drive: 'RWD', newPrice: 225_000, depreciation: 0.1, perMile: 5e-6, conditionFactor: 0.9, weight: 16 },
      { name: 'SF90 Stradale', trims: ['Coupe', 'Spider', 'XX'], from: 2020, to: 2026, bodyStyle: 'Coupe', fuel: 'Plug-in hybrid', transmission: 'Automatic', drive: 'AWD', newPrice: 520_000, depreciation: 0.06, perMile: 7e-6, conditionFactor: 0.9, weight: 10 },
      { name: '296 GTB', trims: ['GTB', 'GTS'], from: 2022, to: 2026, bodyStyle: 'Coupe', fuel: 'Plug-in hybrid', transmission: 'Automatic', drive: 'RWD', newPrice: 330_000, depreciation: 0.08, perMile: 6e-6, conditionFactor: 0.9, weight: 10 },
      { name: 'California T', trims: ['Base', 'Handling Speciale'], from: 2015, to: 2017, bodyStyle: 'Convertible', ...auto, drive: 'RWD', newPrice: 200_000, depreciation: 0.08, perMile: 5e-6, conditionFactor: 0.9, weight: 6 },
      { name: 'LaFerrari', trims: ['Coupe'], from: 2014, to: 2016, bodyStyle: 'Coupe', fuel: 'Hybrid', transmission: 'Automatic', drive: 'RWD', newPrice: 1_500_000, depreciation: -0.05, perMile: 2e-5, conditionFactor: 0.85, weight: 0.06 },
    ],
  },
  {
    name: 'BMW',
    firstPicture: 7,
    models: [
      { name: '3 Series', trims: ['320i', '330i', '330i xDrive', 'M340i'], from: 2005, to: 2026, bodyStyle: 'Sedan', ...auto, drive: 'RWD', newPrice: 47_000, depreciation: 0.12, perMile: 3e-6, conditionFactor: 0.92, weight: 26 },
      { name: '5 Series', trims: ['530i', '540i xDrive', 'M550i'], from: 2005, to: 2026, bodyStyle: 'Sedan', ...auto, drive: 'RWD', newPrice: 60_000, depreciation: 0.13, perMile: 3e-6, conditionFactor: 0.92, weight: 18 },
      { name: 'X5', trims: ['sDrive40i', 'xDrive40i', 'M60i'], from: 2005, to: 2026, bodyStyle: 'SUV', ...auto, drive: 'AWD', newPrice: 68_000, depreciation: 0.12, perMile: 3e-6, conditionFactor: 0.92, weight: 18 },
      { name: 'M4', trims: ['Coupe', 'Competition', 'CS'], from: 2015, to: 2026, bodyStyle: 'Coupe', ...auto, drive: 'RWD', newPrice: 80_000, depreciation: 0.1, perMile: 4e-6, conditionFactor: 0.91, weight: 12 },
      { name: 'X3', trims: ['sDrive30i', 'xDrive30i', 'M40i'], from: 2005, to: 2026, bodyStyle: 'SUV', ...auto, drive: 'AWD', newPrice: 50_000, depreciation: 0.12, perMile: 3e-6, conditionFactor: 0.92, weight: 16 },
      { name: 'i4', trims: ['eDrive35', 'eDrive40', 'M50'], from: 2022, to: 2026, bodyStyle: 'Sedan', ...ev, drive: 'RWD', newPrice: 58_000, depreciation: 0.15, perMile: 3e-6, conditionFactor: 0.92, weight: 8 },
      { name: 'i8', trims: ['Coupe', 'Roadster'], from: 2014, to: 2020, bodyStyle: 'Coupe', fuel: 'Plug-in hybrid', transmission: 'Automatic', drive: 'AWD', newPrice: 145_000, depreciation: 0.11, perMile: 4e-6, conditionFactor: 0.9, weight: 0.06 },
      { name: 'Z8', trims: ['Roadster'], from: 2000, to: 2003, bodyStyle: 'Convertible', fuel: 'Gasoline', transmission: 'Manual', drive: 'RWD', newPrice: 130_000, depreciation: -0.03, perMile: 5e-6, conditionFactor: 0.88, weight: 0.012 },
    ],
  },
  {
    name: 'Lamborghini',
    firstPicture: 10,
    models: [
      { name: 'Huracán', trims: ['EVO', 'STO', 'Tecnica', 'Sterrato'], from: 2015, to: 2024, bodyStyle: 'Coupe', ...auto, drive: 'AWD', newPrice: 270_000, depreciation: 0.07, perMile: 6e-6, conditionFactor: 0.9, weight: 38 },
      { name: 'Urus', trims: ['Base', 'S', 'Performante'], from: 2019, to: 2026, bodyStyle: 'SUV', ...auto, drive: 'AWD', newPrice: 235_000, depreciation: 0.1, perMile: 5e-6, conditionFactor: 0.91, weight: 34 },
      { name: 'Aventador', trims: ['S', 'SVJ', 'Ultimae'], from: 2012, to: 2022, bodyStyle: 'Coupe', fuel: 'Gasoline', transmission: 'Automatic', drive: 'AWD', newPrice: 430_000, depreciation: 0.06, perMile: 7e-6, conditionFactor: 0.9, weight: 14 },
      { name: 'Gallardo', trims: ['LP560-4', 'LP570-4 Superleggera'], from: 2005, to: 2014, bodyStyle: 'Coupe', fuel: 'Gasoline', transmission: 'Automatic', drive: 'AWD', newPrice: 200_000, depreciation: 0.07, perMile: 5e-6, conditionFactor: 0.9, weight: 8 },
      { name: 'Revuelto', trims: ['Coupe'], from: 2024, to: 2026, bodyStyle: 'Coupe', fuel: 'Plug-in hybrid', transmission: 'Automatic', drive: 'AWD', newPrice: 610_000, depreciation: 0.05, perMile: 8e-6, conditionFactor: 0.9, weight: 6 },
      { name: 'Murciélago', trims: ['LP640', 'LP670-4 SV'], from: 2005, to: 2010, bodyStyle: 'Coupe', fuel: 'Gasoline', transmission: 'Manual', drive: 'AWD', newPrice: 330_000, depreciation: 0.04, perMile: 6e-6, conditionFactor: 0.88, weight: 0.06 },
      { name: 'Countach LPI 800-4', trims: ['Coupe'], from: 2022, to: 2022, bodyStyle: 'Coupe', fuel: 'Hybrid', transmission: 'Automatic', drive: 'AWD', newPrice: 2_600_000, depreciation: -0.04, perMile: 2e-5, conditionFactor: 0.85, weight: 0.012 },
    ],
  },
];
