import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, databaseKind, registerUser, type TestContext } from '../../test/helper';
import { lockFile, pgliteLockHolder } from '../platform/db/pglite-lock';
import { makeAdmin } from './make-admin';

describe(`make-admin (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('promotes an existing user, whose next calls are an admin’s', async () => {
    const user = await registerUser(ctx.app, 'Seller', 'future-admin');
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/buyers',
      headers: user.auth,
    });
    expect(before.statusCode).toBe(403);
    expect(await makeAdmin(ctx.database.db, `  ${user.email.toUpperCase()} `)).toBe('promoted');
    // The same access token: the role is read from the database on every request.
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/buyers',
      headers: user.auth,
    });
    expect(after.statusCode).toBe(200);
    const lookup = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/admin/${user.email}`,
      headers: user.auth,
    });
    expect(lookup.json()).toEqual({ admin: true });
    expect(await makeAdmin(ctx.database.db, user.email)).toBe('already-admin');
  });

  it('answers no-such-user for an unknown email', async () => {
    expect(await makeAdmin(ctx.database.db, 'nobody@test.cardealer.dev')).toBe('no-such-user');
  });

  it('sees a live lock holder and ignores a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardealer-lock-'));
    try {
      expect(pgliteLockHolder(dir)).toBeNull();
      writeFileSync(lockFile(dir), String(process.ppid));
      expect(pgliteLockHolder(dir)).toBe(process.ppid);
      writeFileSync(lockFile(dir), '999999999');
      expect(pgliteLockHolder(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to run without an email', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-data-'));
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(__dirname, 'make-admin.ts')],
        {
          encoding: 'utf8',
          env: { ...process.env, DATA_DIR: dataDir, NODE_OPTIONS: '' },
        },
      );
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('Usage: npm run make-admin -- <email>');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
