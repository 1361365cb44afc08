import { makeTableConfig, type TableConfig } from './config';
import { code } from './spec-helpers';

const base = {
  game: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 5, bigBlind: 10 },
  buyIn: { min: 400, max: 2000 },
  seats: 6,
} as const;
const make = (over: Partial<TableConfig>) => () => makeTableConfig({ ...base, ...over } as TableConfig);

describe('table config', () => {
  it('a table has 2 to 10 seats', () => {
    expect(code(make({ seats: 1 }))).toBe('INVALID_CONFIG');
    expect(code(make({ seats: 11 }))).toBe('INVALID_CONFIG');
    expect(makeTableConfig({ ...base, seats: 10 }).seats).toBe(10);
    expect(makeTableConfig({ ...base, seats: 2 }).seats).toBe(2);
  });

  it('no more seats than the game deals: Omaha 8, Five Card Draw 7-A 5, 32-Card Draw 5, Americana 6', () => {
    expect(code(make({ game: 'omaha', seats: 9 }))).toBe('INVALID_CONFIG');
    expect(code(make({ game: 'draw7a', structure: 'pot-limit', seats: 6 }))).toBe('INVALID_CONFIG');
    expect(code(make({ game: 'draw32', seats: 6 }))).toBe('INVALID_CONFIG');
    expect(
      code(
        make({
          game: 'americana',
          structure: 'fixed-limit',
          buyIn: { min: 100, max: null },
          stakes: { smallBlind: 0, bigBlind: 10, ante: 1 },
          seats: 7,
        }),
      ),
    ).toBe('INVALID_CONFIG');
  });

  it('Five Card Draw 7-A is played Limit or Pot Limit only', () => {
    expect(code(make({ game: 'draw7a', seats: 5 }))).toBe('INVALID_CONFIG');
    expect(makeTableConfig({ ...base, game: 'draw7a', structure: 'pot-limit', seats: 5 }).game).toBe('draw7a');
  });

  it("Naiko mode is No-Limit Texas Hold'em", () => {
    expect(code(make({ naikoMode: true, structure: 'pot-limit' }))).toBe('INVALID_CONFIG');
    expect(code(make({ naikoMode: true, game: 'omaha' }))).toBe('INVALID_CONFIG');
    expect(makeTableConfig({ ...base, naikoMode: true }).naikoMode).toBe(true);
  });

  it('ante games need an ante; every game needs a positive big blind (the minimum bet)', () => {
    expect(
      code(
        make({
          game: 'stud7',
          structure: 'fixed-limit',
          buyIn: { min: 100, max: null },
          stakes: { smallBlind: 0, bigBlind: 10 },
        }),
      ),
    ).toBe('INVALID_CONFIG');
    expect(code(make({ stakes: { smallBlind: 5, bigBlind: 0 } }))).toBe('INVALID_CONFIG');
    expect(code(make({ stakes: { smallBlind: 20, bigBlind: 10 } }))).toBe('INVALID_CONFIG');
  });

  it('defaults: 8 s shield window, 30 s draw decisions, no bots, public', () => {
    const tableConfig = makeTableConfig(base);
    expect(tableConfig.clock.shieldResponseMs).toBe(8_000);
    expect(tableConfig.clock.drawDecisionMs).toBe(30_000);
    expect(tableConfig.botsAllowed).toBe(false);
    expect(tableConfig.private).toBeNull();
  });
});
