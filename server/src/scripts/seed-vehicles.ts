import type { VehicleValues } from '../cars/vehicle-schemas';

/**
 * The demo cars' vehicle data, in the order of seed.ts's demo cars: real models of
 * each make, with model years that match their years used, and mileages their descriptions
 * agree with.
 */
export const DEMO_VEHICLES: VehicleValues[] = [
  // Tesla Model 3 Long Range
  {
    model: 'Model 3',
    modelYear: 2024,
    trim: 'Long Range',
    bodyStyle: 'Sedan',
    fuel: 'Electric',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Pearl White',
    mileage: 18400,
    owners: 1,
  },
  // Tesla Model S Plaid
  {
    model: 'Model S',
    modelYear: 2023,
    trim: 'Plaid',
    bodyStyle: 'Sedan',
    fuel: 'Electric',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Ultra Red',
    mileage: 31200,
    owners: 1,
  },
  // Tesla Model Y Performance
  {
    model: 'Model Y',
    modelYear: 2025,
    trim: 'Performance',
    bodyStyle: 'SUV',
    fuel: 'Electric',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Solid Black',
    mileage: 9600,
    owners: 1,
  },
  // Ferrari 488 GTB
  {
    model: '488',
    modelYear: 2022,
    trim: 'GTB',
    bodyStyle: 'Coupe',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'RWD',
    exteriorColor: 'Rosso Corsa',
    mileage: 12800,
    owners: 2,
  },
  // Ferrari Portofino M
  {
    model: 'Portofino',
    modelYear: 2024,
    trim: 'M',
    bodyStyle: 'Convertible',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'RWD',
    exteriorColor: 'Blu Tour de France',
    mileage: 9800,
    owners: 1,
  },
  // Ferrari Roma
  {
    model: 'Roma',
    modelYear: 2021,
    trim: null,
    bodyStyle: 'Coupe',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'RWD',
    exteriorColor: 'Grigio Titanio',
    mileage: 21500,
    owners: 2,
  },
  // BMW M3 Competition
  {
    model: 'M3',
    modelYear: 2024,
    trim: 'Competition',
    bodyStyle: 'Sedan',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'RWD',
    exteriorColor: 'Isle of Man Green',
    mileage: 14300,
    owners: 1,
  },
  // BMW X5 xDrive40i
  {
    model: 'X5',
    modelYear: 2022,
    trim: 'xDrive40i',
    bodyStyle: 'SUV',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Carbon Black',
    mileage: 48000,
    owners: 2,
  },
  // BMW i4 eDrive40
  {
    model: 'i4',
    modelYear: 2025,
    trim: 'eDrive40',
    bodyStyle: 'Sedan',
    fuel: 'Electric',
    transmission: 'Automatic',
    drive: 'RWD',
    exteriorColor: 'Brooklyn Grey',
    mileage: 6200,
    owners: 1,
  },
  // Lamborghini Huracan EVO
  {
    model: 'Huracán',
    modelYear: 2023,
    trim: 'EVO',
    bodyStyle: 'Coupe',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Verde Mantis',
    mileage: 5400,
    owners: 1,
  },
  // Lamborghini Urus
  {
    model: 'Urus',
    modelYear: 2022,
    trim: null,
    bodyStyle: 'SUV',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Nero Noctis',
    mileage: 27900,
    owners: 2,
  },
  // Lamborghini Aventador S
  {
    model: 'Aventador',
    modelYear: 2020,
    trim: 'S Roadster',
    bodyStyle: 'Convertible',
    fuel: 'Gasoline',
    transmission: 'Automatic',
    drive: 'AWD',
    exteriorColor: 'Bianco Monocerus',
    mileage: 24500,
    owners: 3,
  },
];
