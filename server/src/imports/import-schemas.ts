/** The imports' answers and bodies in the contract. */
import { Type } from '@sinclair/typebox';
import { IMPORT_FIELDS } from './import-columns';
import { IMPORT_STATES, ROW_RESULTS } from './import-repository';
import { FAIR_PRICE_RATINGS } from '../valuation/value-types';

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Field = literals(IMPORT_FIELDS);

export const ImportMappingBody = Type.Record(
  Type.String({ maxLength: 200 }),
  Type.Union([Field, Type.Null()]),
  {
    description:
      'CSV header → field name (' + IMPORT_FIELDS.join(', ') + '), or null to ignore the column',
  },
);

const Count = Type.Integer({ minimum: 0 });

export const ImportRowAnswer = Type.Object(
  {
    row: Type.Integer({ minimum: 1, description: "the row's line in the CSV (1-based)" }),
    result: literals(ROW_RESULTS),
    name: nullable(Type.String()),
    vin: nullable(Type.String()),
    stockNumber: nullable(Type.String()),
    price: Type.Union([Type.Number(), Type.Null()]),
    changes: Type.Array(Type.String(), { description: "the fields that change ('updated')" }),
    field: nullable(Type.String({ description: "the field refused ('refused')" })),
    reason: nullable(Type.String({ description: "why ('refused', 'over-allowance')" })),
    marketValue: Type.Union([Type.Integer(), Type.Null()], {
      description: "the car's market value from its model's fit (whole dollars), or null",
    }),
    rating: Type.Union([literals(FAIR_PRICE_RATINGS), Type.Null()]),
    productId: nullable(Type.String({ description: 'the car written or matched' })),
  },
  { title: 'ImportRow' },
);

export const ImportAnswer = Type.Object(
  {
    _id: Type.String(),
    state: literals(IMPORT_STATES),
    fileName: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    columns: Type.Array(
      Type.Object({ header: Type.String(), field: Type.Union([Field, Type.Null()]) }),
    ),
    rowsTotal: Count,
    rowsDone: Count,
    summary: Type.Object({
      new: Count,
      updated: Count,
      unchanged: Count,
      refused: Count,
      removed: Count,
    }),
    allowance: Type.Object({
      listableToday: Count,
      message: nullable(Type.String()),
    }),
    wholeStock: Type.Boolean(),
    error: nullable(Type.String()),
    rows: Type.Array(ImportRowAnswer),
  },
  { $id: 'Import', title: 'Import' },
);
