import type { RedisOptions } from 'ioredis';
import type { RedisOptions as BullRedisOptions } from 'bullmq';

/** ioredis options from a redis:// URL (BullMQ takes options, not a URL). */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** BullMQ connection options for a redis:// URL (blocking workers need maxRetriesPerRequest: null). */
export function bullmqConnection(url: string): BullRedisOptions {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(url);
  return { host, port, username, password, db, tls, maxRetriesPerRequest: null };
}
