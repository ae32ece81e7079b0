/**
 * `POST /imports`'s multipart body read: the CSV (`file`, at most 5 MB, held in memory), the
 * photos' ZIP (`photos`, streamed to a file on disk, at most 200 MB) and the column matches
 * (`mapping`, a JSON object), each checked before the import is made; a bad part is a 400 or 413
 * naming it, and leaves nothing behind.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { httpError } from '../platform/http/errors';
import {
  csvText,
  IMPORT_LIMITS,
  readCsv,
  sniffDelimiter,
  type CsvTable,
  type Delimiter,
} from './import-csv';
import {
  mappingProblem,
  matchColumns,
  type ImportColumn,
  type ImportMapping,
} from './import-columns';
import { zipPhotos } from './import-zip';

export interface Upload {
  fileName: string;
  csv: string;
  delimiter: Delimiter;
  table: CsvTable;
  photosPath: string | null;
  mapping: ImportMapping;
  columns: ImportColumn[];
}

const MB = 1024 * 1024;

/** The part's bytes, 413 past `limit`. */
async function readCapped(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.resume();
      throw httpError(413, `file: the CSV is larger than ${limit / MB} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseMapping(raw: string | undefined): ImportMapping {
  if (raw === undefined || raw.trim() === '') return {};
  let mapping: unknown;
  try {
    mapping = JSON.parse(raw);
  } catch {
    throw httpError(400, 'mapping: must be a JSON object of CSV header → field name (or null)');
  }
  const problem = mappingProblem(mapping);
  if (problem) throw httpError(400, problem);
  return mapping as ImportMapping;
}

/** Reads the parts; the ZIP goes to `<dir>/<id>.zip`. */
async function readParts(request: FastifyRequest, zipPath: string) {
  let csv: Buffer | null = null;
  let fileName = 'import.csv';
  let photos = false;
  let mapping: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        csv = await readCapped(part.file, IMPORT_LIMITS.csvBytes);
        fileName = (part.filename || fileName).slice(0, 200);
      } else if (part.type === 'file' && part.fieldname === 'photos') {
        await pipeline(part.file, createWriteStream(zipPath));
        if (part.file.truncated) throw httpError(413, 'photos: the ZIP is larger than 200 MB');
        photos = true;
      } else if (part.type === 'file') {
        part.file.resume();
      } else if (part.fieldname === 'mapping') {
        mapping = String(part.value);
      }
    }
  } catch (error) {
    const failure = error as { statusCode?: number; code?: string };
    if (failure.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw httpError(413, `photos: the ZIP is larger than ${IMPORT_LIMITS.zipBytes / MB} MB`);
    }
    if (failure.statusCode && failure.statusCode < 500) throw error;
    throw httpError(400, 'body: the multipart/form-data body is malformed');
  }
  return { csv, fileName, photos, mapping };
}

/** The upload, checked; nothing is kept when it is refused. */
export async function readUpload(
  request: FastifyRequest,
  dir: string,
  id: string,
): Promise<Upload> {
  mkdirSync(dir, { recursive: true });
  const zipPath = join(dir, `${id}.zip`);
  try {
    const parts = await readParts(request, zipPath);
    if (!parts.csv) throw httpError(400, 'file: a CSV file in the part "file" is required');
    const mapping = parseMapping(parts.mapping);
    const csv = csvText(parts.csv);
    const delimiter = sniffDelimiter(csv);
    const table = await readCsv(csv, delimiter);
    const problem = mappingProblem(mapping, table.headers);
    if (problem) throw httpError(400, problem);
    if (parts.photos) await zipPhotos(zipPath);
    return {
      fileName: parts.fileName,
      csv,
      delimiter,
      table,
      photosPath: parts.photos ? zipPath : null,
      mapping,
      columns: matchColumns(table.headers, mapping),
    };
  } catch (error) {
    rmSync(zipPath, { force: true });
    throw error;
  }
}
