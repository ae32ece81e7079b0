import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, isLoopback, loadServerConfig } from './config';

describe('server configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadServerConfig({ DATA_DIR: dataDir, ...env });

  it('serves the metrics on loopback at PORT + 1000 unless METRICS_PORT says (0: off)', () => {
    expect(load({}).ops.metrics).toEqual({ host: '127.0.0.1', port: 9080 });
    expect(load({ PORT: '8081' }).ops.metrics).toEqual({ host: '127.0.0.1', port: 9081 });
    expect(load({ METRICS_PORT: '9300', METRICS_HOST: '10.0.0.5' }).ops.metrics).toEqual({
      host: '10.0.0.5',
      port: 9300,
    });
    expect(load({ METRICS_PORT: '0' }).ops.metrics).toBeNull();
    expect(() => load({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a whole number/);
  });

  it('drains 3 s before closing behind a proxy, at once alone, unless SHUTDOWN_DRAIN_MS says', () => {
    expect(load({}).ops.shutdownDrainMs).toBe(0);
    expect(load({ TRUST_PROXY_HOPS: '1' }).ops.shutdownDrainMs).toBe(3000);
    expect(load({ TRUST_PROXY_HOPS: '1', SHUTDOWN_DRAIN_MS: '500' }).ops.shutdownDrainMs).toBe(500);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

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

  it('sends the catalogue reads to the standbys of DATABASE_READ_URL, one or a list', () => {
    const primary = 'postgres://app:secret@db:5432/cardealer';
    expect(load({}).databaseReadUrls).toEqual([]);
    expect(load({ DATABASE_URL: primary }).databaseReadUrls).toEqual([]);
    expect(
      load({
        DATABASE_URL: primary,
        DATABASE_READ_URL: 'postgres://app:secret@standby:5432/cardealer',
      }).databaseReadUrls,
    ).toEqual(['postgres://app:secret@standby:5432/cardealer']);
    expect(
      load({
        DATABASE_URL: primary,
        DATABASE_READ_URL: ' postgres://a:1/cardealer , postgresql://b:2/cardealer,',
      }).databaseReadUrls,
    ).toEqual(['postgres://a:1/cardealer', 'postgresql://b:2/cardealer']);
  });

  it('refuses DATABASE_READ_URL without DATABASE_URL, or when it is not a PostgreSQL URL', () => {
    expect(() => load({ DATABASE_READ_URL: 'postgres://standby:5432/cardealer' })).toThrow(
      'DATABASE_READ_URL names standbys of the PostgreSQL of DATABASE_URL: set DATABASE_URL too',
    );
    for (const bad of ['mysql://standby/cardealer', 'postgres://a/cardealer,standby:5432']) {
      expect(() =>
        load({ DATABASE_URL: 'postgres://db/cardealer', DATABASE_READ_URL: bad }),
      ).toThrow(
        'DATABASE_READ_URL must be a postgres:// or postgresql:// URL, or a comma-separated list of them',
      );
    }
  });

  it("holds a new account's cars past 3 on its first day unless NEW_SELLER_DAILY_CARS says (0: off)", () => {
    expect(load({}).newSellerDailyCars).toBe(3);
    expect(load({ NEW_SELLER_DAILY_CARS: '0' }).newSellerDailyCars).toBe(0);
    expect(load({ NEW_SELLER_DAILY_CARS: '10' }).newSellerDailyCars).toBe(10);
    for (const bad of ['-1', 'three', '1.5']) {
      expect(() => load({ NEW_SELLER_DAILY_CARS: bad })).toThrow(/NEW_SELLER_DAILY_CARS/);
    }
  });

  it('keeps 20 live event streams per address on a process unless RATE_LIMIT_STREAMS_PER_ADDRESS says (0: off)', () => {
    expect(load({}).streamsPerAddress).toBe(20);
    expect(load({ RATE_LIMIT_STREAMS_PER_ADDRESS: '0' }).streamsPerAddress).toBe(0);
    for (const bad of ['-1', 'many', '2.5']) {
      expect(() => load({ RATE_LIMIT_STREAMS_PER_ADDRESS: bad })).toThrow(
        /RATE_LIMIT_STREAMS_PER_ADDRESS/,
      );
    }
  });

  it('weighs sellers in the market values and flags bursts as MARKET_… and LISTING_BURST_… say', () => {
    expect(load({}).marketTrust).toEqual({
      establishedDays: 30,
      newAccountPercent: 5,
      sellerCars: 3,
      burstAccounts: 3,
      burstHours: 24,
      burstPricePercent: 10,
    });
    const set = load({
      MARKET_ESTABLISHED_DAYS: '0',
      MARKET_NEW_ACCOUNT_PERCENT: '0',
      MARKET_SELLER_CARS: '0',
      LISTING_BURST_ACCOUNTS: '0',
      LISTING_BURST_HOURS: '48',
      LISTING_BURST_PRICE_PERCENT: '20',
    }).marketTrust;
    expect(set).toEqual({
      establishedDays: 0,
      newAccountPercent: 0,
      sellerCars: 0,
      burstAccounts: 0,
      burstHours: 48,
      burstPricePercent: 20,
    });
    expect(() => load({ MARKET_NEW_ACCOUNT_PERCENT: '101' })).toThrow(
      'MARKET_NEW_ACCOUNT_PERCENT must be a whole number from 0 to 100 (got "101")',
    );
    for (const name of ['MARKET_ESTABLISHED_DAYS', 'MARKET_SELLER_CARS', 'LISTING_BURST_HOURS']) {
      expect(() => load({ [name]: '-1' })).toThrow(name);
    }
  });

  it('mails the alert digests from 07:00 UTC unless ALERT_DIGEST_HOUR says (0 to 23)', () => {
    expect(load({}).alertDigestHour).toBe(7);
    expect(load({ ALERT_DIGEST_HOUR: '0' }).alertDigestHour).toBe(0);
    expect(load({ ALERT_DIGEST_HOUR: '23' }).alertDigestHour).toBe(23);
    for (const hour of ['24', '-1', '7.5', 'seven']) {
      expect(() => load({ ALERT_DIGEST_HOUR: hour })).toThrow(
        `ALERT_DIGEST_HOUR must be a whole number from 0 to 23 (got "${hour}")`,
      );
    }
  });

  it('listens on loopback in demo mode unless HOST says otherwise; production keeps 0.0.0.0', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ APP_MODE: 'production', ACCESS_TOKEN_SECRET: 'x'.repeat(32) }).host).toBe(
      '0.0.0.0',
    );
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
  });

  it('throttles failed sign-ins at 10 per address in 15 minutes unless told otherwise', () => {
    expect(load({}).signInThrottle).toEqual({ max: 10, windowSeconds: 900 });
    expect(
      load({ RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_SIGN_IN_WINDOW_SECONDS: '60' }).signInThrottle,
    ).toEqual({ max: 0, windowSeconds: 60 });
  });

  it('limits sign-ups through the proxy to 10 per address an hour unless told otherwise', () => {
    expect(load({}).signUpThrottle).toEqual({ max: 10, windowSeconds: 3600 });
    expect(
      load({ RATE_LIMIT_SIGN_UP: '0', RATE_LIMIT_SIGN_UP_WINDOW_SECONDS: '60' }).signUpThrottle,
    ).toEqual({ max: 0, windowSeconds: 60 });
    expect(() => load({ RATE_LIMIT_SIGN_UP: 'many' })).toThrow(/RATE_LIMIT_SIGN_UP must be/);
  });

  it('limits messages to 20 a minute and 200 a day per account, 10 a minute per booking, unless told otherwise', () => {
    const { messages, messagesPerBooking } = load({}).rateLimits;
    expect(messages).toEqual([
      { max: 20, windowSeconds: 60 },
      { max: 200, windowSeconds: 86400 },
    ]);
    expect(messagesPerBooking).toEqual({ max: 10, windowSeconds: 60 });
    const told = load({
      RATE_LIMIT_MESSAGES: '5',
      RATE_LIMIT_MESSAGES_DAY: '0',
      RATE_LIMIT_MESSAGES_BOOKING: '3',
    }).rateLimits;
    expect(told.messages).toEqual([
      { max: 5, windowSeconds: 60 },
      { max: 0, windowSeconds: 86400 },
    ]);
    expect(told.messagesPerBooking).toEqual({ max: 3, windowSeconds: 60 });
    expect(() => load({ RATE_LIMIT_MESSAGES: 'lots' })).toThrow(
      'RATE_LIMIT_MESSAGES must be a whole number from 0 to 1000000 (got "lots")',
    );
  });

  it('limits cars posted to 20 a minute and 200 a day, cars changed to 30 and 300, unless told otherwise', () => {
    const { carPosts, carEdits } = load({}).rateLimits;
    expect(carPosts).toEqual([
      { max: 20, windowSeconds: 60 },
      { max: 200, windowSeconds: 86400 },
    ]);
    expect(carEdits).toEqual([
      { max: 30, windowSeconds: 60 },
      { max: 300, windowSeconds: 86400 },
    ]);
    const told = load({ RATE_LIMIT_CAR_POSTS: '0', RATE_LIMIT_CAR_EDITS_DAY: '7' }).rateLimits;
    expect(told.carPosts).toEqual([
      { max: 0, windowSeconds: 60 },
      { max: 200, windowSeconds: 86400 },
    ]);
    expect(told.carEdits).toEqual([
      { max: 30, windowSeconds: 60 },
      { max: 7, windowSeconds: 86400 },
    ]);
    expect(() => load({ RATE_LIMIT_CAR_POSTS_DAY: '-1' })).toThrow(
      'RATE_LIMIT_CAR_POSTS_DAY must be a whole number from 0 to 1000000 (got "-1")',
    );
  });

  it('leaves the token secret to the database with DATABASE_URL (demo), writing no file', () => {
    const own = mkdtempSync(join(tmpdir(), 'cardealer-config-'));
    try {
      const config = loadServerConfig({
        DATA_DIR: own,
        DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/cardealer',
      });
      expect(config.accessTokenSecret).toBeUndefined();
      expect(existsSync(join(own, 'access-token-secret'))).toBe(false);
      // Production with DATABASE_URL still wants ACCESS_TOKEN_SECRET set.
      expect(() =>
        loadServerConfig({
          DATA_DIR: own,
          APP_MODE: 'production',
          DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/cardealer',
        }),
      ).toThrow('ACCESS_TOKEN_SECRET must be set in production mode with DATABASE_URL');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
