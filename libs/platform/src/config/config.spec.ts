import { ConfigError, parseConfig } from './config.schema';

describe('parseConfig', () => {
  it('defaults to port 3000, embedded fallback and demo users with nothing configured', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.EMBEDDED_FALLBACK).toBe(true);
    expect(c.SEED_DEMO_USERS).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
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
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).not.toContain('short"');
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it('treats empty strings as unset and parses booleans', () => {
    const c = parseConfig({ DATABASE_URL: '', SEED_DEMO_USERS: 'false', PORT: '0' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO_USERS).toBe(false);
    expect(c.PORT).toBe(0);
  });
});
