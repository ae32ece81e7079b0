/**
 * One CSV row checked as the product form and its server check a car (the same limits, the VIN's
 * check digit, a make among the categories, photos on this host), turned into what applying it
 * writes. A row's first problem refuses it, naming the field and why.
 */
import { LIMITS } from '../platform/http/schemas';
import { SINGLE_LINE_PATTERN } from '../platform/http/single-line';
import { maxModelYear, VEHICLE_LIMITS } from '../platform/db/vehicle-fields';
import { isCarPhotoUrl, type CarPhotoOrigins } from '../cars/car-photos';
import { MAX_PHOTOS } from '../cars/car-schemas';
import { normaliseVin, vinProblem } from '../vehicles/vin-check';
import type { DecodedVehicle } from '../vehicles/vin-vehicle';
import { NO_SUCH_ZIP, type Place } from '../places/places';
import type { ImportColumn, ImportField } from './import-columns';
import { findPhoto, type ZipPhoto } from './import-zip';

/** A photo a row names: on this host already, or an entry of the ZIP. */
export type PhotoRef = { url: string } | { zip: string; crc32: number; size: number };

/** A row's car as applying writes it; `given`: the fields its file gives (an update's changes). */
export interface RowCar {
  given: ImportField[];
  vin: string | null;
  stockNumber: string | null;
  make: string;
  model: string | null;
  modelYear: number | null;
  trim: string | null;
  mileage: number | null;
  price: number;
  colour: string | null;
  condition: 'Excellent' | 'Good' | 'Fair';
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  location: string;
  description: string;
  photos: PhotoRef[];
  name: string;
}

/** A refused row: the field and why. */
export class RowRefused extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** What checking a row needs beyond its cells. */
export interface RowContext {
  /** The makes listed here (the categories), by lower-case name. */
  makes: Map<string, string>;
  photos: Map<string, ZipPhoto> | null;
  photoOrigins: CarPhotoOrigins;
  /** The VIN's decoded vehicle (null: it does not decode). */
  decode(vin: string): Promise<DecodedVehicle | null>;
  place(zip: string): Promise<Place | null>;
  now: Date;
}

const LINE = new RegExp(SINGLE_LINE_PATTERN);
const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
/** A stored image's path on this host. */
const HOSTED = /\/image-host\/i\/[0-9a-f]{64}\.(jpg|png|webp|gif)$/;

function line(field: string, value: string, max: number): string | null {
  if (value === '') return null;
  if (value.length > max) throw new RowRefused(field, `at most ${max} characters`);
  if (!LINE.test(value)) throw new RowRefused(field, 'must be one line of text');
  return value;
}

/** A whole or decimal number as spreadsheets write them ('$31,400', '12 000 mi'). */
function numberOf(field: string, value: string, max: number, whole: boolean): number | null {
  if (value === '') return null;
  const plain = value.replace(/^\$|[\s,]|\s*(mi|miles|usd)$/gi, '');
  const number = Number(plain);
  if (!/^\d+(\.\d+)?$/.test(plain) || number > max || (whole && !Number.isInteger(number))) {
    const kind = whole ? 'a whole number' : 'a number';
    throw new RowRefused(field, `must be ${kind} from 0 to ${max.toLocaleString('en-US')}`);
  }
  return number;
}

function photosOf(cell: string, context: RowContext): PhotoRef[] {
  const names = cell
    .split('|')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length > MAX_PHOTOS) throw new RowRefused('photos', `at most ${MAX_PHOTOS} photos`);
  return names.map((name): PhotoRef => {
    if (/^(https?:)?\/\//i.test(name) || name.startsWith('/')) {
      if (!isCarPhotoUrl(name, context.photoOrigins) || !HOSTED.test(name)) {
        throw new RowRefused(
          'photos',
          `'${name.slice(0, 80)}' is not a photo on this marketplace's image host`,
        );
      }
      return { url: new URL(name, `${context.photoOrigins.publicOrigin}/`).pathname };
    }
    const photo = context.photos ? findPhoto(context.photos, name) : null;
    if (!photo) {
      throw new RowRefused(
        'photos',
        context.photos
          ? `'${name.slice(0, 80)}' is not in the ZIP`
          : `'${name.slice(0, 80)}' needs the photos' ZIP`,
      );
    }
    return { zip: photo.name, crc32: photo.crc32, size: photo.size };
  });
}

/** The row's cells by field (a field without a column: ''). */
export function cellsByField(columns: readonly ImportColumn[], cells: readonly string[]) {
  const values = new Map<ImportField, string>();
  columns.forEach((column, i) => {
    if (column.field) values.set(column.field, (cells[i] ?? '').trim());
  });
  return values;
}

/** The vehicle fields a VIN fills when the row leaves them empty. */
async function withDecoded(
  values: Map<ImportField, string>,
  vin: string | null,
  context: RowContext,
) {
  const missing = ['make', 'model', 'year'].some((f) => !values.get(f as ImportField));
  if (!vin || !missing) return;
  const vehicle = await context.decode(vin);
  if (!vehicle) return;
  if (!values.get('make')) values.set('make', vehicle.make);
  if (!values.get('model') && vehicle.model) values.set('model', vehicle.model);
  if (!values.get('year') && vehicle.modelYear) values.set('year', String(vehicle.modelYear));
  if (!values.get('trim') && vehicle.trim) values.set('trim', vehicle.trim);
}

/** The row's car, or RowRefused naming its first problem. */
export async function checkRow(
  columns: readonly ImportColumn[],
  cells: readonly string[],
  context: RowContext,
): Promise<RowCar> {
  const values = cellsByField(columns, cells);
  const given = [...values.keys()];
  const get = (field: ImportField) => values.get(field) ?? '';
  let vin: string | null = null;
  if (get('vin') !== '') {
    vin = normaliseVin(get('vin'));
    const problem = vinProblem(vin);
    if (problem) throw new RowRefused('vin', problem);
  }
  await withDecoded(values, vin, context);
  if (get('make') === '') throw new RowRefused('make', 'required (or a VIN that names it)');
  const make = context.makes.get(get('make').toLowerCase());
  if (!make)
    throw new RowRefused('make', `'${get('make').slice(0, 50)}' is not a make listed here`);
  const model = line('model', get('model'), VEHICLE_LIMITS.model);
  const trim = line('trim', get('trim'), VEHICLE_LIMITS.trim);
  const colour = line('colour', get('colour'), VEHICLE_LIMITS.exteriorColor);
  const stockNumber = line('stockNumber', get('stockNumber'), 40);
  const newest = maxModelYear(context.now);
  let modelYear: number | null = null;
  if (get('year') !== '') {
    modelYear = Number(get('year'));
    if (
      !/^\d{4}$/.test(get('year')) ||
      modelYear < VEHICLE_LIMITS.minModelYear ||
      modelYear > newest
    ) {
      throw new RowRefused(
        'year',
        `must be a model year from ${VEHICLE_LIMITS.minModelYear} to ${newest}`,
      );
    }
  }
  const mileage = numberOf('mileage', get('mileage'), VEHICLE_LIMITS.maxMileage, true);
  const price = numberOf('price', get('price'), LIMITS.maxCarPrice, false);
  if (price === null) throw new RowRefused('price', 'required');
  const condition = CONDITIONS.find((c) => c.toLowerCase() === get('condition').toLowerCase());
  if (!condition) throw new RowRefused('condition', 'must be Excellent, Good or Fair');
  let place: Place | null = null;
  if (get('zip') !== '') {
    place = /^\d{5}$/.test(get('zip')) ? await context.place(get('zip')) : null;
    if (!place) throw new RowRefused('zip', NO_SUCH_ZIP);
  } else if (values.has('zip')) {
    throw new RowRefused('zip', "required (the car's US ZIP code)");
  }
  const photos = photosOf(get('photos'), context);
  if (photos.length === 0) throw new RowRefused('photos', 'at least one photo is required');
  const built = [modelYear, make, model, trim].filter((part) => part !== null).join(' ');
  const name = line('name', get('name'), LIMITS.carName) ?? built.slice(0, LIMITS.carName);
  const description = get('description');
  if (description.length > LIMITS.description) {
    throw new RowRefused('description', `at most ${LIMITS.description} characters`);
  }
  return {
    given,
    vin,
    stockNumber,
    make,
    model,
    modelYear,
    trim,
    mileage,
    price,
    colour,
    condition,
    zip: place?.zip ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    location: place?.place ?? '',
    description: description || name,
    photos,
    name,
  };
}
