/** What the server and its VIN decoding thread (vin-worker.ts) tell each other. */

/** A VIN's vehicle as vPIC words it (its own names and values; vin-vehicle.ts maps them). */
export interface RawVehicle {
  make: string;
  model: string | null;
  year: number | null;
  series: string | null;
  trim: string | null;
  bodyStyle: string | null;
  driveType: string | null;
  fuelType: string | null;
  transmission: string | null;
  doors: string | null;
}

/** Decode this VIN (already checked: vin-check.ts). */
export interface ToWorker {
  id: number;
  vin: string;
}

export type FromWorker =
  | { type: 'ready'; openMs: number }
  | { type: 'failed'; message: string }
  | { type: 'decoded'; id: number; vehicle: RawVehicle | null; ms: number }
  | { type: 'error'; id: number; message: string };
