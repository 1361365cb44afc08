import { FairPlayError } from './hands';
import { decideSameConnection, normaliseIp } from './same-connection';

describe('same device or network at one table (decideSameConnection)', () => {
  const seated = [
    { userId: 'alice', ip: '203.0.113.7', fingerprint: 'fp-alice' },
    { userId: 'bob', ip: '198.51.100.2', fingerprint: 'fp-shared' },
    { userId: 'BOT Ada', ip: null, fingerprint: null },
  ];
  const carol = { userId: 'carol', ip: '::ffff:203.0.113.7', fingerprint: 'fp-shared' };

  it('public table: refuses the second seat, naming who shares what', () => {
    expect(decideSameConnection({ tableId: 't1', privateTable: false, seated, candidate: carol })).toEqual({
      signal: 'same-connection',
      decision: 'refuse',
      tableId: 't1',
      candidate: 'carol',
      matches: [
        { userId: 'alice', on: ['ip'], ip: '203.0.113.7' },
        { userId: 'bob', on: ['fingerprint'], fingerprint: 'fp-shared' },
      ],
    });
  });

  it('private table: only warns the host', () => {
    const sameConnectionDecision = decideSameConnection({
      tableId: 't2',
      privateTable: true,
      seated,
      candidate: carol,
    });
    expect(sameConnectionDecision.decision).toBe('warn-host');
    expect(sameConnectionDecision.matches.map((m) => m.userId)).toEqual(['alice', 'bob']);
  });

  it('thresholds are explicit: a shared NAT address and a disabled comparison do not match', () => {
    const sameConnectionDecision = decideSameConnection(
      { tableId: 't1', privateTable: false, seated, candidate: carol },
      { sharedIps: ['203.0.113.7'], matchFingerprint: false },
    );
    expect(sameConnectionDecision.decision).toBe('allow');
  });

  it("control: different addresses and devices, missing data and the player's own other connection raise nothing", () => {
    const dave = { userId: 'dave', ip: '192.0.2.44', fingerprint: 'fp-dave' };
    expect(decideSameConnection({ tableId: 't1', privateTable: false, seated, candidate: dave }).decision).toBe(
      'allow',
    );
    const noData = { userId: 'erin', ip: null, fingerprint: null };
    expect(decideSameConnection({ tableId: 't1', privateTable: false, seated, candidate: noData }).decision).toBe(
      'allow',
    );
    const aliceAgain = { userId: 'alice', ip: '203.0.113.7', fingerprint: 'fp-alice' };
    expect(decideSameConnection({ tableId: 't1', privateTable: false, seated, candidate: aliceAgain }).decision).toBe(
      'allow',
    );
  });

  it('normalises IPv4-mapped IPv6 and case', () => {
    expect(normaliseIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
  });

  it('refuses malformed input with a typed error', () => {
    expect(() =>
      decideSameConnection({ tableId: 't1', privateTable: false, seated: null as never, candidate: carol }),
    ).toThrow(FairPlayError);
  });
});
