import { ConfigError, parseConfig } from './config.schema';

describe('parseConfig', () => {
  it('defaults to port 3000, embedded fallback and demo users with nothing configured', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.EMBEDDED_FALLBACK).toBe(true);
    expect(config.SEED_DEMO_USERS).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable and its value', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT: must be an integer from 0 to 65535 \(got "abc"\)/);
    expect(() => parseConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => parseConfig({ REDIS_PREFIX: 'a:b' })).toThrow(/REDIS_PREFIX: must be 1-40 letters/);
  });

  it('never echoes a secret and requires one in production', () => {
    let message = '';
    try {
      parseConfig({ JWT_SECRET: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).not.toContain('short"');
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it('treats empty strings as unset and parses booleans', () => {
    const config = parseConfig({ DATABASE_URL: '', SEED_DEMO_USERS: 'false', PORT: '0' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO_USERS).toBe(false);
    expect(config.PORT).toBe(0);
  });

  it("takes an app's defaults (forRoot) for what the environment leaves unset; the environment wins", () => {
    const lobby = { EMBEDDED_FALLBACK: 'false', TABLES_HOST: 'false' };
    expect(parseConfig({}, lobby)).toMatchObject({ EMBEDDED_FALLBACK: false, TABLES_HOST: false, routesTables: true });
    expect(parseConfig({ TABLES_HOST: 'true' }, lobby)).toMatchObject({ TABLES_HOST: true, routesTables: false });
    expect(parseConfig({ TABLES_HOST: '' }, lobby).TABLES_HOST).toBe(false);
    expect(() => parseConfig({}, { TABLE_LEASE_MS: '5' })).toThrow(
      /TABLE_LEASE_MS: must be an integer from 200 to 600000 \(got "5"\)/,
    );
  });

  it('derives the cluster mode and the socket adapter: `auto` keeps the Redis adapter only as one of several copies', () => {
    expect(parseConfig({})).toMatchObject({
      clustered: false,
      SOCKET_REDIS_ADAPTER: true,
      routesTables: false,
      TABLE_LEASE_MS: 5000,
    });
    expect(parseConfig({}, { SOCKET_REDIS_ADAPTER: 'auto' })).toMatchObject({
      clustered: false,
      SOCKET_REDIS_ADAPTER: false,
    });
    expect(parseConfig({ INSTANCE_ID: 'a' }, { SOCKET_REDIS_ADAPTER: 'auto' })).toMatchObject({
      clustered: true,
      SOCKET_REDIS_ADAPTER: true,
      routesTables: true,
    });
    expect(parseConfig({ INSTANCE_ID: 'a', CLUSTER_MODE: 'single' })).toMatchObject({
      clustered: false,
      routesTables: false,
    });
    expect(
      parseConfig({ CLUSTER_MODE: 'redis', SOCKET_REDIS_ADAPTER: 'false' }, { SOCKET_REDIS_ADAPTER: 'auto' })
        .SOCKET_REDIS_ADAPTER,
    ).toBe(false);
    expect(parseConfig({ TABLES_ROUTE: 'true' }).routesTables).toBe(true);
    expect(() => parseConfig({ CLUSTER_MODE: 'mesh' })).toThrow(/CLUSTER_MODE: must be single or redis/);
  });

  it('validates the table and runner timings in the same schema', () => {
    expect(parseConfig({})).toMatchObject({ TABLE_HAND_PAUSE_MS: 2000, TABLE_BOT_DELAY_MS: 800 });
    expect(parseConfig({}).MTT_HAND_PAUSE_MS).toBeUndefined();
    expect(parseConfig({ MTT_HAND_PAUSE_MS: '0', MTT_BOT_DELAY_MS: '25' })).toMatchObject({
      MTT_HAND_PAUSE_MS: 0,
      MTT_BOT_DELAY_MS: 25,
    });
    expect(() => parseConfig({ TABLE_HAND_PAUSE_MS: '-1' })).toThrow(/TABLE_HAND_PAUSE_MS/);
    expect(() => parseConfig({ MTT_HAND_PAUSE_MS: '700000' })).toThrow(
      /MTT_HAND_PAUSE_MS: must be an integer from 0 to 600000/,
    );
  });
});
