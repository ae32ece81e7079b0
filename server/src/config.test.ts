import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadServerConfig } from './config';

describe('server configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadServerConfig({ DATA_DIR: dataDir, ...env });

  it('keeps 10 PostgreSQL connections per process unless DATABASE_POOL_SIZE says', () => {
    expect(load({}).databasePoolSize).toBe(10);
    expect(load({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
  });

  it.each(['0', '-3', '2.5', 'many'])(
    'refuses DATABASE_POOL_SIZE=%s with a clear message',
    (size) => {
      expect(() => load({ DATABASE_POOL_SIZE: size })).toThrow(ConfigError);
      expect(() => load({ DATABASE_POOL_SIZE: size })).toThrow(
        `DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${size}")`,
      );
    },
  );
});
