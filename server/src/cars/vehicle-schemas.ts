import { Type, type TSchema } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import { SINGLE_LINE_PATTERN } from '../platform/http/single-line';
import {
  BODY_STYLES,
  DRIVES,
  FUELS,
  maxModelYear,
  TRANSMISSIONS,
  VEHICLE_LIMITS,
  type BodyStyle,
  type Drive,
  type Fuel,
  type Transmission,
} from '../platform/db/vehicle-fields';
import { normaliseVin, vinProblem } from '../vehicles/vin-check';

/**
 * The vehicle data in the contract: the optional fields of the add-product and edit bodies (null
 * or absent: unknown), the fields of every car answered, and the check that turns a body's
 * fields into column values (a 400 naming the field for each wrong value).
 */

const MILES = 'a whole number of miles from 0 to 1,000,000';

/** One of `values`, or null. */
function OneOfOrNull(values: readonly string[], description: string) {
  return Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()], {
    description: `${description}: ${values.join(', ')}, or null (unknown)`,
  });
}

/** A line of text up to `maxLength`, or null. */
function LineOrNull(maxLength: number, description: string) {
  return Type.Union(
    [Type.String({ minLength: 1, maxLength, pattern: SINGLE_LINE_PATTERN }), Type.Null()],
    { description: `${description}: one line of up to ${maxLength} characters, or null` },
  );
}

/** A whole number in a range, or null. */
function WholeOrNull(minimum: number, maximum: number, description: string) {
  return Type.Union([Type.Integer({ minimum, maximum }), Type.Null()], {
    description: `${description}, or null`,
  });
}

/** The vehicle fields of POST /category and PATCH /products/{id}, each optional. */
export const vehicleBodyFields = {
  vin: Type.Optional(
    Type.Union([Type.String({ maxLength: 32 }), Type.Null()], {
      description:
        'the VIN: 17 letters and digits without I, O or Q, character 9 the check digit when ' +
        'the first is 1–5 (North America); spaces around and small letters are accepted ' +
        '(stored in capitals), or null',
    }),
  ),
  model: Type.Optional(LineOrNull(VEHICLE_LIMITS.model, "the model (e.g. 'Model 3')")),
  modelYear: Type.Optional(
    WholeOrNull(VEHICLE_LIMITS.minModelYear, 2100, 'a model year from 1900 to next year'),
  ),
  trim: Type.Optional(LineOrNull(VEHICLE_LIMITS.trim, "the trim (e.g. 'Long Range')")),
  bodyStyle: Type.Optional(OneOfOrNull(BODY_STYLES, 'the body style')),
  fuel: Type.Optional(OneOfOrNull(FUELS, 'the fuel')),
  transmission: Type.Optional(OneOfOrNull(TRANSMISSIONS, 'the transmission')),
  drive: Type.Optional(OneOfOrNull(DRIVES, 'the driven wheels')),
  exteriorColor: Type.Optional(LineOrNull(VEHICLE_LIMITS.exteriorColor, 'the exterior colour')),
  mileage: Type.Optional(WholeOrNull(0, VEHICLE_LIMITS.maxMileage, MILES)),
  owners: Type.Optional(
    WholeOrNull(0, VEHICLE_LIMITS.maxOwners, 'the number of previous owners from 0 to 99'),
  ),
};

const nullable = (schema: TSchema, description: string) =>
  Type.Union([schema, Type.Null()], { description: `${description} (null: unknown)` });

/** The vehicle fields of every car answered (null when unknown: cars posted before them). */
export const vehicleAnswerFields = {
  make: Type.String({ description: 'the make: the same as categoryName' }),
  vin: nullable(Type.String(), 'the VIN, in capitals'),
  model: nullable(Type.String(), 'the model'),
  modelYear: nullable(Type.Integer(), 'the model year'),
  trim: nullable(Type.String(), 'the trim'),
  bodyStyle: nullable(Type.Union(BODY_STYLES.map((v) => Type.Literal(v))), 'the body style'),
  fuel: nullable(Type.Union(FUELS.map((v) => Type.Literal(v))), 'the fuel'),
  transmission: nullable(Type.Union(TRANSMISSIONS.map((v) => Type.Literal(v))), 'the transmission'),
  drive: nullable(Type.Union(DRIVES.map((v) => Type.Literal(v))), 'the driven wheels'),
  exteriorColor: nullable(Type.String(), 'the exterior colour'),
  mileage: nullable(Type.Integer({ minimum: 0 }), 'miles'),
  owners: nullable(Type.Integer({ minimum: 0 }), 'previous owners'),
};

/** The vehicle fields of a body, as the schema let them through. */
export interface VehicleBody {
  vin?: string | null;
  model?: string | null;
  modelYear?: number | null;
  trim?: string | null;
  bodyStyle?: string | null;
  fuel?: string | null;
  transmission?: string | null;
  drive?: string | null;
  exteriorColor?: string | null;
  mileage?: number | null;
  owners?: number | null;
}

/** The columns they set (absent: unchanged; null: unknown). */
export interface VehicleValues {
  vin?: string | null;
  model?: string | null;
  modelYear?: number | null;
  trim?: string | null;
  bodyStyle?: BodyStyle | null;
  fuel?: Fuel | null;
  transmission?: Transmission | null;
  drive?: Drive | null;
  exteriorColor?: string | null;
  mileage?: number | null;
  owners?: number | null;
}

/**
 * The column values of a body's vehicle fields: text trimmed, the VIN in capitals, of the right
 * form and, for a North American VIN, with its check digit (vin-check.ts, as GET /vin checks it), the model year not past next year. A wrong value is a 400 naming its field.
 */
export function vehicleValues(body: VehicleBody, now: Date = new Date()): VehicleValues {
  const values: VehicleValues = {};
  if (body.vin !== undefined) {
    const vin = body.vin === null ? '' : normaliseVin(body.vin);
    if (vin !== '') {
      const problem = vinProblem(vin);
      if (problem) throw httpError(400, `vin: ${problem}`);
    }
    values.vin = vin === '' ? null : vin;
  }
  for (const field of ['model', 'trim', 'exteriorColor'] as const) {
    const value = body[field];
    if (value !== undefined) values[field] = value === null ? null : value.trim();
  }
  if (body.modelYear !== undefined) {
    const newest = maxModelYear(now);
    if (body.modelYear !== null && body.modelYear > newest) {
      throw httpError(
        400,
        `modelYear: must be a model year from ${VEHICLE_LIMITS.minModelYear} to ${newest}`,
      );
    }
    values.modelYear = body.modelYear;
  }
  // The schema let only the listed values through.
  if (body.bodyStyle !== undefined) values.bodyStyle = body.bodyStyle as BodyStyle | null;
  if (body.fuel !== undefined) values.fuel = body.fuel as Fuel | null;
  if (body.transmission !== undefined) {
    values.transmission = body.transmission as Transmission | null;
  }
  if (body.drive !== undefined) values.drive = body.drive as Drive | null;
  if (body.mileage !== undefined) values.mileage = body.mileage;
  if (body.owners !== undefined) values.owners = body.owners;
  return values;
}
