import { JOBS, jobId, jobsOfQueue } from './registry';

describe('job registry', () => {
  it('builds dotted idempotent ids BullMQ accepts', () => {
    expect(jobId('tournament', 42, 'level', 7)).toBe('tournament.42.level.7');
    expect(JOBS.heartbeat.jobId({ origin: 'x', tag: 't1' })).toBe('heartbeat.t1');
  });

  it('rejects ids BullMQ would refuse (":" or purely numeric)', () => {
    expect(() => jobId('a:b')).toThrow(/must not contain ":"/);
    expect(() => jobId(42)).toThrow(/purely numeric/);
  });

  it('lists the jobs of a queue', () => {
    expect(jobsOfQueue('system')).toEqual(['heartbeat']);
  });
});
