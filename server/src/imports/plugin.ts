/** The dealers' inventory import: its routes, and its background jobs (dry runs and applies). */
import type { FastifyInstance } from 'fastify';
import type { CarChecks } from '../cars/car-checks';
import type { CarPhotoOrigins } from '../cars/car-photos';
import type { ImageStore } from '../images/image-files';
import type { VinDecoder } from '../vehicles/vin-decoder';
import { DEFAULT_IMPORT_ALLOWANCE, type ImportAllowance } from './import-job-deps';
import { ImportJobs } from './import-jobs';
import { importsRepository } from './import-repository';
import importRoutes from './import-routes';
import { requestsOf } from './import-yield';

export { DEFAULT_IMPORT_ALLOWANCE, type ImportAllowance } from './import-job-deps';

export interface ImportsApiOptions {
  photoOrigins: CarPhotoOrigins;
  checks: CarChecks;
  decoder: VinDecoder;
  images: ImageStore;
  /** Where the photos' ZIPs are kept while their imports live. */
  dir: string;
  allowance?: ImportAllowance;
  /** Rows an apply writes in one transaction (default APPLY_BATCH). */
  batch?: number;
}

export default async function importsApi(api: FastifyInstance, options: ImportsApiOptions) {
  const imports = importsRepository(api.db);
  const jobs = new ImportJobs({
    app: api,
    imports,
    decoder: options.decoder,
    photoOrigins: options.photoOrigins,
    images: options.images,
    checks: options.checks,
    allowance: options.allowance ?? DEFAULT_IMPORT_ALLOWANCE,
    batch: options.batch,
    requests: requestsOf(api.server),
  });
  // The jobs a stopped process left are picked up once the app is ready.
  api.addHook('onReady', async () => {
    await jobs
      .resume()
      .catch((error: unknown) => api.log.warn({ err: error }, 'imports not resumed'));
  });
  api.addHook('onClose', async () => jobs.close());
  await api.register(importRoutes, { imports, jobs, dir: options.dir });
}
