/**
 * The import API as the web tests meet it (MSW): a fake server that walks an import through its
 * states, one step per status request, and records the calls it is sent.
 */
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';
import type { Import, ImportColumn, ImportMapping, ImportRow } from './importTypes';

const row = (overrides: Partial<ImportRow> & Pick<ImportRow, 'row' | 'result'>): ImportRow => ({
  name: null,
  vin: null,
  stockNumber: null,
  price: null,
  changes: [],
  field: null,
  reason: null,
  marketValue: null,
  rating: null,
  productId: null,
  ...overrides,
});

/** The dry run's rows: two new cars (one without a price while 'Asking' is ignored), one refused. */
export function checkedRows(priced: boolean): ImportRow[] {
  return [
    row({
      row: 2,
      result: 'new',
      name: '2021 Tesla Model Y Long Range',
      vin: '7SAYGDEE5MF000001',
      price: 41500,
      marketValue: 46800,
      rating: 'great',
    }),
    row({
      row: 3,
      result: priced ? 'new' : 'refused',
      name: '2019 BMW X3 xDrive30i',
      stockNumber: 'A-12',
      price: priced ? 28900 : null,
      marketValue: priced ? 29400 : null,
      rating: priced ? 'fair' : null,
      ...(priced ? {} : { field: 'price', reason: 'A price is required' }),
    }),
    row({
      row: 4,
      result: 'refused',
      name: '2018 Ford Focus',
      vin: '1FADP3F2XJL000000',
      field: 'vin',
      reason: 'The VIN’s check digit does not match',
    }),
  ];
}

const COLUMNS: ImportColumn[] = [
  { header: 'VIN', field: 'vin' },
  { header: 'Make', field: 'make' },
  { header: 'Asking', field: null },
];

export const freshImport = (overrides: Partial<Import> = {}): Import => ({
  _id: 'imp-1',
  state: 'checking',
  fileName: 'stock.csv',
  createdAt: '2026-11-29T05:00:00.000Z',
  columns: COLUMNS,
  rowsTotal: 3,
  rowsDone: 0,
  summary: { new: 0, updated: 0, unchanged: 0, refused: 0, removed: 0 },
  allowance: { listableToday: 3, message: null },
  wholeStock: false,
  error: null,
  rows: [],
  ...overrides,
});

/** Where a running job goes at its next status request. */
function advance(job: Import): Import {
  if (job.state !== 'checking' && job.state !== 'applying') return job;
  if (job.rowsDone + 1 < job.rowsTotal) return { ...job, rowsDone: job.rowsDone + 2 };
  if (job.state === 'applying') {
    return {
      ...job,
      state: 'done',
      rowsDone: job.rowsTotal,
      rows: job.rows.map((one) =>
        one.result === 'new' ? { ...one, productId: `car-${one.row}` } : one,
      ),
    };
  }
  const priced = job.columns.some((column) => column.field === 'price');
  const rows = checkedRows(priced);
  const count = (result: ImportRow['result']) => rows.filter((one) => one.result === result).length;
  return {
    ...job,
    state: 'checked',
    rowsDone: job.rowsTotal,
    rows,
    summary: { new: count('new'), updated: 0, unchanged: 0, refused: count('refused'), removed: 4 },
  };
}

export interface FakeImportServer {
  calls: string[];
  job: () => Import | null;
  /** The next status request fails as a lost connection would. */
  dropNext: (times?: number) => void;
}

/** A seller with no import yet (or `start`), and the import routes over it. */
export function importServer(start: Import | null = null): FakeImportServer {
  let job = start;
  let drops = 0;
  const calls: string[] = [];
  server.use(
    ...roleHandlers('seller'),
    http.get(`${API}/imports/current`, () =>
      job
        ? HttpResponse.json(job)
        : HttpResponse.json({ message: 'No import yet' }, { status: 404 }),
    ),
    http.post(`${API}/imports`, () => {
      calls.push('POST /imports');
      job = freshImport();
      return HttpResponse.json(job, { status: 202 });
    }),
    http.get(`${API}/imports/:id`, ({ params }) => {
      if (drops > 0) {
        drops -= 1;
        return HttpResponse.error();
      }
      if (!job || job._id !== params.id) {
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }
      job = advance(job);
      return HttpResponse.json(job);
    }),
    http.put(`${API}/imports/:id/mapping`, async ({ request }) => {
      const { mapping } = (await request.json()) as { mapping: ImportMapping };
      calls.push(`PUT mapping ${JSON.stringify(mapping)}`);
      if (!job) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const columns = job.columns.map((column) => ({
        header: column.header,
        field: mapping[column.header] ?? null,
      }));
      job = { ...job, state: 'checking', rowsDone: 0, columns, rows: [] };
      return HttpResponse.json(job);
    }),
    http.post(`${API}/imports/:id/apply`, async ({ request }) => {
      const body = (await request.json()) as { wholeStock: boolean };
      calls.push(`POST apply ${JSON.stringify(body)}`);
      if (!job || job.state !== 'checked') {
        return HttpResponse.json({ message: 'This import is not ready' }, { status: 409 });
      }
      job = { ...job, state: 'applying', rowsDone: 0, wholeStock: body.wholeStock };
      return HttpResponse.json(job, { status: 202 });
    }),
    http.delete(`${API}/imports/:id`, () => {
      calls.push('DELETE');
      job = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    calls,
    job: () => job,
    dropNext: (times = 1) => {
      drops = times;
    },
  };
}

export const openImportPage = () =>
  renderApp('/dashboad/import', {
    store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  });

/** A small CSV file as the picker would give it. */
export const csvFile = (name = 'stock.csv', type = 'text/csv') =>
  new File(['VIN,Make,Asking\n7SAYGDEE5MF000001,Tesla,41500\n'], name, { type });
