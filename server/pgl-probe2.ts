import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPglite, openDatabase } from './src/db/client';
import { seedReferenceData } from './src/db/seed';
async function main() {
  let t = performance.now();
  const pglite = await createPglite(undefined, { initDbStartParams: ['--wal-segsize=1'], startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'] });
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedReferenceData(database.db);
  await pglite.query("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await pglite.query('drop database template0');
  await pglite.query('drop database template1');
  await pglite.query('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync('/tmp/snap1.tar', bytes);
  console.log('create+migrate+dump', Math.round(performance.now() - t), 'size', bytes.length);
  await pglite.close();
  for (let i = 0; i < 8; i++) {
    t = performance.now();
    const p = await createPglite(undefined, { loadDataDir: new Blob([readFileSync('/tmp/snap1.tar')]), startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
    const a = performance.now();
    const r = await p.query("select count(*) as n from categories");
    await p.close();
    if (i > 4) console.log('open', Math.round(a - t), JSON.stringify(r.rows));
  }
}
main();
