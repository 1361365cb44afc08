import { parseCards } from '@naiko/engine';
import { createTable } from '../state';
import { join } from '../seating';
import { nlConfig, rng } from '../spec-helpers';
import { seatsForBots } from './fill';
import { BOT_PREFIX, isBotName, makeBotIdentity } from './names';
import { botStrength, chooseDiscards, decideBotAction, type BotView } from './policy';
import { categoryOf } from './strength';

const view = (over: Partial<BotView>): BotView => ({
  hole: [],
  board: [],
  pot: 30,
  toCall: 0,
  stack: 1000,
  bigBlind: 10,
  legal: ['check', 'bet'],
  minRaiseTo: 10,
  maxRaiseTo: 1000,
  opponents: 1,
  ...over,
});

describe('bot policy (own view only, seeded)', () => {
  it('hand categories come from the engine evaluator: a flopped flush is a flush', () => {
    expect(categoryOf(parseCards('AhKh'), parseCards('2h7h9hQc'))).toBe(5);
    expect(categoryOf(parseCards('AhAd7c2s'), parseCards('AsKd9c'), true)).toBe(3);
  });

  it('a monster raises, within the legal range', () => {
    const botView = view({
      hole: parseCards('AhAd'),
      board: parseCards('AsAc7d'),
      toCall: 20,
      pot: 60,
      legal: ['fold', 'call', 'raise'],
      minRaiseTo: 40,
      maxRaiseTo: 1000,
    });
    for (let seed = 0; seed < 20; seed++) {
      const botDecision = decideBotAction(botView, rng(seed));
      expect(botDecision.type).toBe('raise');
      const amount = (botDecision as { amount: number }).amount;
      expect(amount).toBeGreaterThanOrEqual(40);
      expect(amount).toBeLessThanOrEqual(1000);
    }
  });

  it('junk facing a big bet folds; with a free check it checks', () => {
    const junk = { hole: parseCards('7c2d'), board: parseCards('AsKhQd') };
    let folds = 0;
    for (let seed = 0; seed < 50; seed++) {
      const botDecision = decideBotAction(
        view({ ...junk, toCall: 500, pot: 600, legal: ['fold', 'call', 'raise'], minRaiseTo: 1000 }),
        rng(seed),
      );
      if (botDecision.type === 'fold') folds++;
    }
    expect(folds).toBeGreaterThanOrEqual(45);
    const free = decideBotAction(
      view({ ...junk, legal: ['fold', 'check'], minRaiseTo: undefined, maxRaiseTo: undefined }),
      rng(1),
    );
    expect(free).toEqual({ type: 'check' });
  });

  it('fold is always legal, yet a bot never folds for free: it checks, draws, and plays a split offer out', () => {
    const junk = { hole: parseCards('7c2d8h9sJd'), board: [] };
    for (let seed = 0; seed < 20; seed++) {
      expect(
        decideBotAction(view({ ...junk, legal: ['fold', 'check', 'bet'], minRaiseTo: 10, maxRaiseTo: 10 }), rng(seed))
          .type,
      ).not.toBe('fold');
      expect(decideBotAction(view({ ...junk, legal: ['fold', 'draw'] }), rng(seed)).type).toBe('draw');
      expect(decideBotAction(view({ ...junk, legal: ['fold', 'split', 'no-split'] }), rng(seed))).toEqual({
        type: 'no-split',
      });
    }
  });

  it('stud: a weak start brings in, a strong one completes; discrete sizes are respected', () => {
    const studView = (hole: string) =>
      view({ hole: parseCards(hole), legal: ['bring-in', 'bet'], minRaiseTo: 10, maxRaiseTo: 10, toCall: 0 });
    expect(decideBotAction(studView('2c7d9h'), rng(1))).toEqual({ type: 'bring-in' });
    expect(decideBotAction(studView('AcAdAh'), rng(1))).toEqual({ type: 'bet', amount: 10 });
    const botView = view({
      hole: parseCards('AhAdAsAc'),
      toCall: 10,
      pot: 40,
      legal: ['fold', 'call', 'raise'],
      minRaiseTo: 20,
      maxRaiseTo: 40,
      raiseChoices: [20, 40],
    });
    expect([20, 40]).toContain((decideBotAction(botView, rng(3)) as { amount: number }).amount);
  });

  it('the same seed gives the same decision (replayable bots)', () => {
    const botView = view({
      hole: parseCards('JhTh'),
      board: parseCards('9h8c2d'),
      toCall: 10,
      pot: 40,
      legal: ['fold', 'call', 'raise'],
      minRaiseTo: 20,
    });
    expect(decideBotAction(botView, rng('x'))).toEqual(decideBotAction(botView, rng('x')));
  });

  it('more opponents make the same hand weaker', () => {
    const base = view({ hole: parseCards('QsQd'), board: parseCards('2c7h9d') });
    expect(botStrength({ ...base, opponents: 4 })).toBeLessThan(botStrength(base));
  });

  it('draws: keeps a pair, draws to four of a flush, stands pat on a straight, respects the maximum', () => {
    const hand = parseCards('KsKd7c4h2s');
    expect(chooseDiscards(view({ hole: hand, legal: ['draw'] })).length).toBe(3);
    expect(chooseDiscards(view({ hole: parseCards('Ah9h6h3hKc'), legal: ['draw'] }))).toEqual(parseCards('Kc'));
    expect(chooseDiscards(view({ hole: parseCards('9c8d7h6s5c'), legal: ['draw'] }))).toEqual([]);
    expect(
      chooseDiscards(view({ hole: parseCards('Ac9d7h4s2c'), legal: ['draw'], maxDiscard: 3 })).length,
    ).toBeLessThanOrEqual(3);
    expect(decideBotAction(view({ hole: hand, legal: ['draw', 'standPat'] }), rng()).type).toBe('draw');
  });

  it('2-7 lowball draws away pairs and high cards', () => {
    const discards = chooseDiscards(view({ hole: parseCards('2c3d7h7sKc'), legal: ['draw'], lowball: true }));
    expect(discards.sort()).toEqual(parseCards('7sKc').sort());
  });
});

describe('bot naming and seat filling', () => {
  it('every bot is named and flagged BOT, never twice the same name at a table', () => {
    const botIdentity = makeBotIdentity(rng(1), []);
    expect(botIdentity.name.startsWith(BOT_PREFIX)).toBe(true);
    expect(isBotName(botIdentity.name)).toBe(true);
    expect(botIdentity.isBot).toBe(true);
    const secondBot = makeBotIdentity(rng(1), [botIdentity.name]);
    expect(secondBot.name).not.toBe(botIdentity.name);
    expect(secondBot.playerId).not.toBe(botIdentity.playerId);
  });

  it('bots fill free seats up to the target only where the table allows them and a human sits', () => {
    let tableState = createTable(nlConfig({ botsAllowed: true }));
    expect(seatsForBots(tableState, 3)).toEqual([]);
    tableState = join(tableState, { playerId: 'h', name: 'H', buyIn: 500, now: 0 }).state;
    expect(seatsForBots(tableState, 3)).toEqual([1, 2]);
    expect(
      seatsForBots(join(createTable(nlConfig()), { playerId: 'h', name: 'H', buyIn: 500, now: 0 }).state, 3),
    ).toEqual([]);
  });
});
