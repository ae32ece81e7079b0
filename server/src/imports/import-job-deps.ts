/** What an import's background jobs (the dry run and the apply) work with. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CarChecks } from '../cars/car-checks';
import type { CarPhotoOrigins } from '../cars/car-photos';
import type { ImageStore } from '../images/image-files';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { VinDecodingUnavailable, type VinDecoder } from '../vehicles/vin-decoder';
import type { DecodedVehicle } from '../vehicles/vin-vehicle';
import type { ImportsRepository } from './import-repository';
import type { RequestsNow } from './import-yield';

/** Cars a day an import may list: a verified seller's, and an unverified account's. */
export interface ImportAllowance {
  verified: number;
  unverified: number;
}

export const DEFAULT_IMPORT_ALLOWANCE: ImportAllowance = { verified: 2000, unverified: 3 };

export interface ImportJobDeps {
  app: FastifyInstance;
  imports: ImportsRepository;
  decoder: VinDecoder;
  photoOrigins: CarPhotoOrigins;
  images: ImageStore;
  checks: CarChecks;
  allowance: ImportAllowance;
  /** Rows an apply writes in one transaction (default APPLY_BATCH, import-apply.ts). */
  batch?: number;
  /** The server's requests in progress (a job yields to them between its slices). */
  requests: RequestsNow;
  /** True once the process is stopping: a job then leaves off where it is. */
  stopping(): boolean;
}

/** The dealer an import belongs to. */
export interface Dealer {
  _id: string;
  email: string;
  name: string;
  userImg: string;
  verified: boolean;
}

export async function dealerOf(db: Db, userId: string): Promise<Dealer | null> {
  const [row] = await rowsOf<Dealer>(
    db,
    sql`select id as "_id", email, name, user_img as "userImg", user_verify = 'true' as verified
      from users where id = ${userId}`,
  );
  return row ?? null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decodes VINs for a job, each VIN once: straight on the decoder (not the per-account route, so
 * an import spends none of the dealer's VIN decodes), one at a time, waiting and trying again
 * while the decoder is busy with other people's.
 */
export function jobDecoder(deps: ImportJobDeps) {
  const known = new Map<string, DecodedVehicle | null>();
  return async (vin: string): Promise<DecodedVehicle | null> => {
    if (known.has(vin)) return known.get(vin)!;
    for (let attempt = 0; ; attempt++) {
      try {
        const vehicle = await deps.decoder.decode(vin);
        known.set(vin, vehicle);
        return vehicle;
      } catch (error) {
        if (!(error instanceof VinDecodingUnavailable) || attempt >= 5 || deps.stopping()) {
          known.set(vin, null);
          return null;
        }
        await pause(500 * (attempt + 1));
      }
    }
  };
}
