import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { redactRedisUrl, redisAnswers, resolveRedis, startPrivateRedis } from './redis-endpoint';

describe('redis endpoint', () => {
  it('redacts passwords in logged URLs', () => {
    expect(redactRedisUrl('redis://user:secret@host:6380/2')).toBe('redis://user:***@host:6380/2');
  });

  it('reports a closed port as not answering', async () => {
    expect(await redisAnswers('redis://127.0.0.1:1', 300)).toBe(false);
  });

  it('refuses a configured REDIS_URL that does not answer, naming the variable', async () => {
    await expect(resolveRedis({ url: 'redis://127.0.0.1:1', dataDir: '.data', allowEmbedded: true })).rejects.toThrow(
      /^REDIS_URL: no Redis answers at redis:\/\/127.0.0.1:1/,
    );
  });

  it('starts a private redis-server under the data dir and stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'naiko-redis-'));
    const endpoint = await startPrivateRedis(dir);
    try {
      const client = new Redis(endpoint.url);
      await client.set('k', 'v');
      expect(await client.get('k')).toBe('v');
      client.disconnect();
    } finally {
      await endpoint.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await redisAnswers(endpoint.url, 300)).toBe(false);
  });
});

describe('resolveRedis without REDIS_URL', () => {
  it('uses the local Redis when it answers', async () => {
    const endpoint = await resolveRedis({ dataDir: '.data', allowEmbedded: true });
    expect(endpoint.url).toBe('redis://127.0.0.1:6379');
    expect(endpoint.description).toMatch(/answers on the default port/);
  });

  it('starts a private redis-server when the local one does not answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'naiko-redis-'));
    const endpoint = await resolveRedis({ dataDir: dir, allowEmbedded: true, defaultUrl: 'redis://127.0.0.1:1' });
    try {
      expect(endpoint.description).toMatch(/^private redis-server on 127\.0\.0\.1:\d+ \(files in .*\/redis\)$/);
      expect(await redisAnswers(endpoint.url)).toBe(true);
    } finally {
      await endpoint.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with one clear line when no fallback is allowed', async () => {
    await expect(
      resolveRedis({ dataDir: '.data', allowEmbedded: false, defaultUrl: 'redis://127.0.0.1:1' }),
    ).rejects.toThrow('No Redis answers on 127.0.0.1:1: start Redis or set REDIS_URL');
  });
});
