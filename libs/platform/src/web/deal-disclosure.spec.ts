import { SEED_EMBARGO_MS, seedDisclosure } from './deal-disclosure';

describe('seed disclosure rule (docs/rules/README.md "Fairness of the deal")', () => {
  const ended = new Date('2026-12-01T12:00:00.000Z');

  test('an open table: the seed stays secret until 24 h after the hand (23:59:59.999 later: no; 24:00:00 later: yes)', () => {
    expect(
      seedDisclosure({ endedAt: ended, tableClosed: false }, new Date(ended.getTime() + SEED_EMBARGO_MS - 1)),
    ).toEqual({ disclosed: false, reason: null, availableAt: '2026-12-02T12:00:00.000Z' });
    expect(seedDisclosure({ endedAt: ended, tableClosed: false }, new Date('2026-12-02T12:00:00.000Z'))).toEqual({
      disclosed: true,
      reason: 'embargo-over',
      availableAt: '2026-12-02T12:00:00.000Z',
    });
  });

  test('a closed table discloses at once, one minute after the hand', () => {
    expect(seedDisclosure({ endedAt: ended, tableClosed: true }, new Date(ended.getTime() + 60_000))).toMatchObject({
      disclosed: true,
      reason: 'table-closed',
    });
  });

  test('a hand without an end (running) is never disclosed, even at a closed table', () => {
    expect(
      seedDisclosure({ endedAt: null, tableClosed: true }, new Date(ended.getTime() + 2 * SEED_EMBARGO_MS)),
    ).toEqual({ disclosed: false, reason: null, availableAt: null });
  });
});
