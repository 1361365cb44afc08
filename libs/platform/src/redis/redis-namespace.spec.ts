// The installation namespace on the machine's Redis, under a private configured prefix per run.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  installationsKey,
  namespaceWarnings,
  redisNamespace,
  surveyNamespace,
  withNamespacedPrefix,
} from './redis-namespace';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';

describe('installation namespace', () => {
  const prefix = `naiko_test_ns_${randomBytes(4).toString('hex')}`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('is <REDIS_PREFIX>:<installation id>', () => {
    expect(redisNamespace('naiko', FIRST)).toEqual({
      configured: 'naiko',
      installationId: FIRST,
      prefix: `naiko:${FIRST}`,
    });
    expect(() => redisNamespace('naiko', 'not-a-uuid')).toThrow(/not a UUID/);
    expect(withNamespacedPrefix({ REDIS_PREFIX: 'naiko', PORT: 1 }, redisNamespace('naiko', FIRST))).toEqual({
      REDIS_PREFIX: `naiko:${FIRST}`,
      PORT: 1,
    });
  });

  it('lists the other installations that still hold keys, forgets those whose keys are gone, and notices keys from before installation ids', async () => {
    const namespace = redisNamespace(prefix, FIRST);
    expect(await surveyNamespace(redis, namespace, 'test')).toEqual({ others: [], legacy: false });

    // B runs (its tournament queue exists); C was seen once but its keys were deleted since.
    await redis.set(`${prefix}:${SECOND}:tournament:id`, '3');
    await redis.hset(installationsKey(prefix), SECOND, '{}', THIRD, '{}');
    expect(await surveyNamespace(redis, namespace, 'test')).toEqual({ others: [SECOND], legacy: false });
    expect((await redis.hkeys(installationsKey(prefix))).sort()).toEqual([FIRST, SECOND]);

    // An old Naiko wrote `<prefix>:tournament:*` directly.
    await redis.set(`${prefix}:tournament:id`, '9');
    const survey = await surveyNamespace(redis, namespace, 'test');
    expect(survey).toEqual({ others: [SECOND], legacy: true });

    const [other, legacy] = namespaceWarnings(namespace, survey);
    expect(other).toContain(`installation ${SECOND}`);
    expect(other).toContain(`this database is installation ${FIRST}`);
    expect(other).toContain(`REDIS_PREFIX "${prefix}"`);
    expect(legacy).toContain('from before installation ids');
    expect(legacy).toContain(FIRST);
  });
});
