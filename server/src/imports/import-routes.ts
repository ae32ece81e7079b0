/**
 * The dealers' inventory import: upload a CSV (and a ZIP of its photos) for a dry run, read each
 * row's result, change the column matches, apply it, or discard it. Sellers only; an import is
 * its owner's alone (another account's id: 404).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { rmSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { RoutesApp } from '../platform/http/routes-app';
import { httpError } from '../platform/http/errors';
import { newId } from '../platform/db/ids';
import { ACCESS_TOKEN, errors, Id } from '../platform/http/schemas';
import { sellerOf } from '../cars/owned-products';
import { IMPORT_LIMITS } from './import-csv';
import { mappingProblem, matchColumns, type ImportMapping } from './import-columns';
import type { ImportJobs } from './import-jobs';
import {
  ImportOpen,
  NO_SUMMARY,
  type ImportRecord,
  type ImportsRepository,
} from './import-repository';
import { ImportAnswer, ImportMappingBody } from './import-schemas';
import { readUpload } from './import-upload';

export interface ImportRoutesOptions {
  imports: ImportsRepository;
  jobs: ImportJobs;
  /** Where the photos' ZIPs are kept while their imports live. */
  dir: string;
}

const ONE_AT_A_TIME = 'One import at a time: apply or discard the one you have first';
const OPEN_STATES = ['checking', 'checked', 'applying'];

const iso = (value: Date | string) => new Date(value).toISOString();

/** Places a multipart-form POST leaves for its limits' answers. */
const UPLOAD_DESCRIPTION =
  'multipart/form-data: part `file` (the CSV, required: at most 5 MB, 2,000 rows and 60 ' +
  'columns; UTF-8 with or without BOM; comma or semicolon separated), part `photos` (optional: ' +
  'a ZIP of the photos the CSV names, at most 200 MB and 4,000 entries, images only), part ' +
  '`mapping` (optional: a JSON object of CSV header → field name or null). Starts the dry run ' +
  'in the background and answers the import (202); poll it for `rowsDone`. 409 while the ' +
  'dealer has an import not finished; 400/413 naming what is wrong with a file (not CSV, not ' +
  'UTF-8, too many columns or rows, a formula cell, a photo that is not an image, a ZIP bomb, ' +
  'an entry outside the archive, too big). Limited per account and per address ' +
  '(RATE_LIMIT_IMPORTS a minute, RATE_LIMIT_IMPORTS_DAY a day): 429.';

/** What every route of the imports shares: answering an import, finding the caller's. */
function importHelpers(imports: ImportsRepository) {
  /** The import with its rows, as answered. */
  async function answer(record: ImportRecord) {
    const rows = record.state === 'checking' ? [] : await imports.rows(record.id);
    return {
      _id: record.id,
      state: record.state as Exclude<ImportRecord['state'], 'discarded'>,
      fileName: record.fileName,
      createdAt: iso(record.createdAt),
      columns: record.columns,
      rowsTotal: record.rowsTotal,
      rowsDone: record.rowsDone,
      summary: { ...NO_SUMMARY, ...record.summary },
      allowance: {
        listableToday: record.allowance.listableToday ?? 0,
        message: record.allowance.message ?? null,
      },
      wholeStock: record.wholeStock,
      error: record.error,
      rows: rows.map(({ car: _car, applied: _applied, ...row }) => row),
    };
  }

  /** The caller's import `id`: 404 when there is none or it is someone else's. */
  async function ownImport(request: FastifyRequest, id: string) {
    const record = await imports.find(id);
    if (!record || record.userId !== sellerOf(request)._id)
      throw httpError(404, 'id: no such import');
    return record;
  }

  return { answer, ownImport };
}

type Helpers = ReturnType<typeof importHelpers>;

/** An import's id in the path. */
const ImportId = Type.Object({ id: Id });

const shown = { 200: Type.Ref('Import'), ...errors(400, 401, 403, 404) };
const started = { 202: Type.Ref('Import'), ...errors(400, 401, 403, 404, 409, 429) };

/** Uploading a file for its dry run. */
function uploadRoute(app: RoutesApp, options: ImportRoutesOptions, { answer }: Helpers) {
  const { imports, jobs } = options;
  app.post(
    '/imports',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'startImport',
        tags: ['seller'],
        summary: "Uploads a dealer's stock (CSV, and optionally a ZIP of photos) for a dry run",
        description: UPLOAD_DESCRIPTION,
        security: ACCESS_TOKEN,
        response: { ...started, ...errors(413, 415) },
      },
    },
    async (request, reply) => {
      const dealer = sellerOf(request);
      if (!request.isMultipart()) {
        throw httpError(415, 'send the CSV as multipart/form-data with the part "file"');
      }
      const open = await imports.latest(dealer._id);
      if (open && OPEN_STATES.includes(open.state)) {
        // The body is not read: the answer is the same whatever it holds.
        request.raw.resume();
        throw httpError(409, ONE_AT_A_TIME);
      }
      const id = newId();
      const upload = await readUpload(request, options.dir, id);
      try {
        await imports.create({
          id,
          userId: dealer._id,
          fileName: upload.fileName,
          csv: upload.csv,
          delimiter: upload.delimiter,
          photosPath: upload.photosPath,
          mapping: upload.mapping,
          columns: upload.columns,
          rowsTotal: upload.table.rows.length,
        });
      } catch (error) {
        if (upload.photosPath) rmSync(upload.photosPath, { force: true });
        if (error instanceof ImportOpen) throw httpError(409, ONE_AT_A_TIME);
        throw error;
      }
      jobs.start(id);
      return reply.code(202).send(await answer((await imports.find(id))!));
    },
  );
}

/** Reading the caller's imports. */
function readRoutes(app: RoutesApp, imports: ImportsRepository, { answer, ownImport }: Helpers) {
  app.get(
    '/imports/current',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'getCurrentImport',
        tags: ['seller'],
        summary: "The caller's latest import (404 when none)",
        security: ACCESS_TOKEN,
        response: shown,
      },
    },
    async (request) => {
      const record = await imports.latest(sellerOf(request)._id);
      if (!record) throw httpError(404, 'No import yet');
      return answer(record);
    },
  );

  app.get(
    '/imports/:id',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'getImport',
        tags: ['seller'],
        summary: "One of the caller's imports, with each row's result (another's: 404)",
        security: ACCESS_TOKEN,
        params: ImportId,
        response: shown,
      },
    },
    async (request) => answer(await ownImport(request, request.params.id)),
  );
}

/** Matching the columns again, applying, discarding. */
function changeRoutes(
  app: RoutesApp,
  options: ImportRoutesOptions,
  { answer, ownImport }: Helpers,
) {
  const { imports, jobs } = options;
  app.put(
    '/imports/:id/mapping',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'changeImportMapping',
        tags: ['seller'],
        summary: 'Changes the column matches of a checked import and runs its dry run again',
        description: "Only while the import is 'checked' (else 409).",
        security: ACCESS_TOKEN,
        params: ImportId,
        body: Type.Object({ mapping: ImportMappingBody }, { additionalProperties: false }),
        response: started,
      },
    },
    async (request, reply) => {
      const record = await ownImport(request, request.params.id);
      const mapping = request.body.mapping as ImportMapping;
      const headers = record.columns.map((column) => column.header);
      const problem = mappingProblem(mapping, headers);
      if (problem) throw httpError(400, problem);
      const columns = matchColumns(headers, mapping);
      if (!(await imports.move(record.id, ['checked'], 'checking', { mapping, columns }))) {
        throw httpError(
          409,
          `Only a checked import can be matched again (this one is ${record.state})`,
        );
      }
      jobs.start(record.id);
      return reply.code(202).send(await answer((await imports.find(record.id))!));
    },
  );

  app.post(
    '/imports/:id/apply',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'applyImport',
        tags: ['seller'],
        summary:
          'Applies a checked import in the background (new cars listed, changed ones updated)',
        description:
          "Only from 'checked' (else 409). `wholeStock`: the file is the dealer's whole stock: " +
          'their other cars not sold are deleted as Delete does. The result is mailed.',
        security: ACCESS_TOKEN,
        params: ImportId,
        body: Type.Object({ wholeStock: Type.Boolean() }, { additionalProperties: false }),
        response: started,
      },
    },
    async (request, reply) => {
      const record = await ownImport(request, request.params.id);
      const wholeStock = request.body.wholeStock;
      if (!(await imports.move(record.id, ['checked'], 'applying', { wholeStock }))) {
        throw httpError(409, `Only a checked import can be applied (this one is ${record.state})`);
      }
      jobs.start(record.id);
      return reply.code(202).send(await answer((await imports.find(record.id))!));
    },
  );

  app.delete(
    '/imports/:id',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'discardImport',
        tags: ['seller'],
        summary: 'Discards an import that is not being applied (its photos are deleted)',
        security: ACCESS_TOKEN,
        params: ImportId,
        response: { 200: Type.Ref('DeleteResult'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const record = await ownImport(request, request.params.id);
      const from = ['checking', 'checked', 'done', 'failed'] as const;
      if (!(await imports.move(record.id, [...from], 'discarded'))) {
        throw httpError(409, 'An import cannot be discarded while it is being applied');
      }
      if (record.photosPath) rmSync(record.photosPath, { force: true });
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
}

const importRoutes: FastifyPluginAsyncTypebox<ImportRoutesOptions> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMPORT_LIMITS.zipBytes,
      files: 2,
      fields: 4,
      fieldSize: 64 * 1024,
      parts: 8,
    },
  });
  app.addSchema(ImportAnswer);
  const helpers = importHelpers(options.imports);
  uploadRoute(app, options, helpers);
  readRoutes(app, options.imports, helpers);
  changeRoutes(app, options, helpers);
};

export default importRoutes;
