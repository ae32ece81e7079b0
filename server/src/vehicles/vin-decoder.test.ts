import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_VINS } from '../../test/vins';
import { BUSY, NOT_STARTED, STOPPING, TOO_BUSY, TOO_SLOW, VinDecoder } from './vin-decoder';
import { packagedDatabase } from './vpic-database';

/**
 * The decoding thread: one per decoder, started at the first decode, queueing decodes, replaced
 * when a decode takes too long, ended by close(). The database is the real vPIC one.
 */
describe('the VIN decoding thread', () => {
  const decoders: VinDecoder[] = [];
  const decoder = (options: ConstructorParameters<typeof VinDecoder>[0] = {}) => {
    const made = new VinDecoder(options);
    decoders.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of decoders) await made.close();
  });

  it('decodes queued VINs in one thread, each to its own vehicle', async () => {
    // Time enough for the four in line on a busy machine: the budget has a test of its own.
    const one = decoder({ budgetMs: 60_000 });
    expect(one.starts).toBe(0); // nothing started before the first decode
    const [tesla, ferrari, bmw, porsche] = await Promise.all(
      [REAL_VINS.tesla, REAL_VINS.ferrari, REAL_VINS.bmwX3, REAL_VINS.porsche].map((vin) =>
        one.decode(vin),
      ),
    );
    expect(one.starts).toBe(1);
    expect(tesla).toEqual({
      make: 'Tesla',
      model: 'Model S',
      modelYear: 2015,
      trim: null,
      bodyStyle: 'Hatchback',
      fuel: 'Electric',
      transmission: null,
      drive: null,
      doors: 5,
    });
    expect(ferrari).toMatchObject({
      make: 'Ferrari',
      model: 'SF90',
      modelYear: 2021,
      trim: 'Stradale',
    });
    expect(bmw).toMatchObject({
      make: 'BMW',
      model: 'X3',
      modelYear: 2015,
      bodyStyle: 'SUV',
      trim: 'xDrive28i',
    });
    expect(porsche).toMatchObject({
      make: 'Porsche',
      model: 'Taycan',
      modelYear: 2020,
      fuel: 'Electric',
    });
    // A VIN whose model year position vPIC cannot read: nothing known.
    expect(await one.decode('WP0ZZZ99ZTS392124')).toBeNull();
  });

  it('answers a decode that takes too long as unavailable, and goes on in a new thread', async () => {
    const slow = decoder();
    // 1 ms: no decode of a VIN this thread has not seen is that fast (dozens of queries).
    await expect(slow.decode(REAL_VINS.honda, { timeoutMs: 1 })).rejects.toThrow(TOO_SLOW);
    expect(await slow.decode(REAL_VINS.bmw)).toMatchObject({ make: 'BMW', model: '435i' });
    expect(slow.starts).toBe(2);
  });

  it('answers a caller whose budget ends in line as busy, and while decoding as too slow, and keeps the thread', async () => {
    // 1 ms once the thread is open: the first is decoding then (dozens of queries), the others
    // still wait.
    const tight = decoder({ budgetMs: 1 });
    const answers = await Promise.allSettled(
      [REAL_VINS.ferrari812, REAL_VINS.bmwX1, REAL_VINS.porsche].map((vin) => tight.decode(vin)),
    );
    expect(answers.map((answer) => answer.status === 'rejected' && String(answer.reason))).toEqual([
      `Error: ${TOO_SLOW}`,
      `Error: ${BUSY}`,
      `Error: ${BUSY}`,
    ]);
    // The decode over its budget ended in its thread: nothing was replaced.
    expect(tight.starts).toBe(1);
  });

  it('refuses a decode beyond the queue, and ends waiting decodes when closed', async () => {
    const small = decoder({ maxQueue: 1 });
    const first = small.decode(REAL_VINS.ferrari812); // waits for the thread to open the database
    await expect(small.decode(REAL_VINS.tesla)).rejects.toThrow(TOO_BUSY);
    const ended = expect(first).rejects.toThrow(STOPPING);
    await small.close();
    await ended;
    await expect(small.decode(REAL_VINS.tesla)).rejects.toThrow(STOPPING);
  });

  it('answers as unavailable, not as an unknown VIN, when the unpacked database is damaged', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'vpic-damaged-'));
    try {
      // Random bytes where the unpacked file should be (a disk fault, a copy cut short).
      writeFileSync(join(cacheDir, `vpic-${packagedDatabase().version}.db`), randomBytes(65536));
      const damaged = decoder({ cacheDir });
      await expect(damaged.decode(REAL_VINS.tesla)).rejects.toThrow(NOT_STARTED);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
