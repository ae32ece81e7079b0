/**
 * The permission matrix's rows (server/src/permissions.test.ts) for the inventory import, and the
 * fixture's imports: a dry run and an apply write after their call is answered, so each row waits
 * until no import job runs before it is asked (the matrix compares the tables before and after).
 */
import { csvFor } from './import-fixture';
import type { Expected, Row } from './permission-matrix';
import type { Fixture } from './permission-fixture';
import { multipartParts } from './zip-fixture';

/** Sellers only, each their own import: another seller's id is not found. */
const ownImport = (status: number): Expected => ({
  anonymous: 401,
  buyer: 403,
  seller: status,
  otherSeller: 404,
  admin: 403,
});

export const importRows: Row[] = [
  {
    route: 'POST /api/imports',
    request: async (f: Fixture) => {
      await f.importsSettled();
      return {
        url: '/api/imports',
        ...multipartParts([{ name: 'file', filename: 's.csv', content: csvFor(f.imageUrl) }]),
      };
    },
    expect: { anonymous: 401, buyer: 403, seller: 202, otherSeller: 202, admin: 403 },
  },
  {
    route: 'GET /api/imports/current',
    request: async (f: Fixture) => {
      await f.importsSettled();
      return { url: '/api/imports/current' };
    },
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  },
  {
    route: 'GET /api/imports/:id',
    request: async (f: Fixture) => ({ url: `/api/imports/${await f.freshImport()}` }),
    expect: ownImport(200),
  },
  {
    route: 'PUT /api/imports/:id/mapping',
    request: async (f: Fixture) => ({
      url: `/api/imports/${await f.freshImport()}/mapping`,
      payload: { mapping: { Model: 'trim' } },
    }),
    expect: ownImport(202),
  },
  {
    route: 'POST /api/imports/:id/apply',
    request: async (f: Fixture) => ({
      url: `/api/imports/${await f.freshImport()}/apply`,
      payload: { wholeStock: false },
    }),
    expect: ownImport(202),
  },
  {
    route: 'DELETE /api/imports/:id',
    request: async (f: Fixture) => ({ url: `/api/imports/${await f.freshImport()}` }),
    expect: ownImport(200),
  },
];
