import { bodyStyleOf, driveOf, fuelOf, transmissionOf, vehicleOf } from './vin-vehicle';

describe("vPIC's words mapped onto a car's fields", () => {
  it('maps body styles onto ours, the rest as Other', () => {
    expect(
      ['Sedan', 'Coupe', 'Hatchback', 'SUV', 'Pickup', 'Convertible', 'Wagon', 'Van'].map(
        bodyStyleOf,
      ),
    ).toEqual(['Sedan', 'Coupe', 'Hatchback', 'SUV', 'Pickup', 'Convertible', 'Wagon', 'Van']);
    expect(bodyStyleOf('Crossover')).toBe('SUV');
    expect(bodyStyleOf('Minivan')).toBe('Van');
    expect(bodyStyleOf('Bus')).toBe('Other');
    expect(bodyStyleOf(null)).toBeNull();
  });

  it('maps fuels; a flexible-fuel car burns gasoline; gas and hydrogen are Other', () => {
    expect(fuelOf('Gasoline')).toBe('Gasoline');
    expect(fuelOf('Flexible Fuel Vehicle (FFV)')).toBe('Gasoline');
    expect(fuelOf('Diesel')).toBe('Diesel');
    expect(fuelOf('Electric')).toBe('Electric');
    expect(fuelOf('Hybrid')).toBe('Hybrid');
    expect(fuelOf('Plug-in Hybrid')).toBe('Plug-in hybrid');
    expect(fuelOf('Compressed Natural Gas (CNG)')).toBe('Other');
    expect(fuelOf(null)).toBeNull();
  });

  it("maps drive types, leaving '4x2' unknown (front or rear?)", () => {
    expect(driveOf('AWD/All-Wheel Drive')).toBe('AWD');
    expect(driveOf('4WD/4-Wheel Drive/4x4')).toBe('4WD');
    expect(driveOf('FWD/Front-Wheel Drive')).toBe('FWD');
    expect(driveOf('RWD/Rear-Wheel Drive')).toBe('RWD');
    expect(driveOf('4x2')).toBeNull();
  });

  it('maps transmissions', () => {
    expect(transmissionOf('Manual/Standard')).toBe('Manual');
    expect(transmissionOf('Automatic')).toBe('Automatic');
    expect(transmissionOf('Continuously Variable Transmission (CVT)')).toBe('Automatic');
    expect(transmissionOf(null)).toBeNull();
  });

  it('takes the trim, else the series, and counts the doors', () => {
    const raw = {
      make: 'Ferrari',
      model: 'SF90',
      year: 2021,
      series: 'Stradale',
      trim: null,
      bodyStyle: 'Coupe',
      driveType: null,
      fuelType: 'Gasoline',
      transmission: null,
      doors: '2',
    };
    expect(vehicleOf(raw)).toEqual({
      make: 'Ferrari',
      model: 'SF90',
      modelYear: 2021,
      trim: 'Stradale',
      bodyStyle: 'Coupe',
      fuel: 'Gasoline',
      transmission: null,
      drive: null,
      doors: 2,
    });
    expect(
      vehicleOf({ ...raw, trim: '4S', series: 'Type Y1A', doors: 'many', year: 0 }),
    ).toMatchObject({ trim: '4S', doors: null, modelYear: null });
  });
});
