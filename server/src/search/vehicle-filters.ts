/**
 * The vehicle filters of GET /products and its facets: model, model year, mileage,
 * fuel, transmission and body style, their query schemas and their checked values.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { SearchFilters } from './search-types';
import { BODY_STYLES, FUELS, TRANSMISSIONS, VEHICLE_LIMITS } from '../platform/db/vehicle-fields';
import { httpError } from '../platform/http/errors';
import { queryInteger, QueryInteger } from '../platform/http/paging';
import { Text } from '../platform/http/schemas';

/** The newest model year a filter may name (the database's bound; cars go up to next year's). */
const LAST_MODEL_YEAR = 2100;

/** One value or the same key repeated (`?model=X5&model=M3` arrives as an array). */
function OneOrMany(item: TSchema, maxItems: number, description: string): TSchema {
  return Type.Union([item, Type.Array(item, { minItems: 1, maxItems })], { description });
}

const oneOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const VehicleFilterQuery = {
  model: Type.Optional(
    OneOrMany(
      Text(VEHICLE_LIMITS.model),
      20,
      'model(s) as listed, any of them (repeat the key for more); the facets list them',
    ),
  ),
  minModelYear: Type.Optional(
    QueryInteger(VEHICLE_LIMITS.minModelYear, LAST_MODEL_YEAR, 'the oldest model year'),
  ),
  maxModelYear: Type.Optional(
    QueryInteger(VEHICLE_LIMITS.minModelYear, LAST_MODEL_YEAR, 'the newest model year'),
  ),
  minMileage: Type.Optional(
    QueryInteger(0, VEHICLE_LIMITS.maxMileage, 'the fewest miles on the odometer'),
  ),
  maxMileage: Type.Optional(
    QueryInteger(0, VEHICLE_LIMITS.maxMileage, 'the most miles on the odometer'),
  ),
  fuel: Type.Optional(OneOrMany(oneOf(FUELS), FUELS.length, `${FUELS.join(', ')}; repeatable`)),
  transmission: Type.Optional(
    OneOrMany(
      oneOf(TRANSMISSIONS),
      TRANSMISSIONS.length,
      `${TRANSMISSIONS.join(', ')}; repeatable`,
    ),
  ),
  bodyStyle: Type.Optional(
    OneOrMany(oneOf(BODY_STYLES), BODY_STYLES.length, `${BODY_STYLES.join(', ')}; repeatable`),
  ),
};

/** The vehicle filters' query values. */
export interface VehicleQuery {
  model?: unknown;
  minModelYear?: unknown;
  maxModelYear?: unknown;
  minMileage?: unknown;
  maxMileage?: unknown;
  fuel?: unknown;
  transmission?: unknown;
  bodyStyle?: unknown;
}

/** A list of one value or many, or undefined. */
function list<T>(value: unknown): T[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]) as T[];
}

/** The vehicle filters of a query, checked: a bad value is a 400 naming its parameter. */
export function vehicleFiltersOf(query: VehicleQuery): Partial<SearchFilters> {
  const year = (field: string, value: unknown) =>
    queryInteger(field, value, VEHICLE_LIMITS.minModelYear, LAST_MODEL_YEAR);
  const miles = (field: string, value: unknown) =>
    queryInteger(field, value, 0, VEHICLE_LIMITS.maxMileage);
  const filters: Partial<SearchFilters> = {
    models: list<string>(query.model)
      ?.map((model) => model.trim())
      .filter(Boolean),
    minModelYear: year('minModelYear', query.minModelYear),
    maxModelYear: year('maxModelYear', query.maxModelYear),
    minMileage: miles('minMileage', query.minMileage),
    maxMileage: miles('maxMileage', query.maxMileage),
    fuels: list(query.fuel),
    transmissions: list(query.transmission),
    bodyStyles: list(query.bodyStyle),
  };
  if (filters.models?.length === 0) throw httpError(400, 'model: must not be blank');
  const { minModelYear, maxModelYear, minMileage, maxMileage } = filters;
  if (minModelYear !== undefined && maxModelYear !== undefined && minModelYear > maxModelYear) {
    throw httpError(400, 'minModelYear: must not be more than maxModelYear');
  }
  if (minMileage !== undefined && maxMileage !== undefined && minMileage > maxMileage) {
    throw httpError(400, 'minMileage: must not be more than maxMileage');
  }
  return filters;
}
