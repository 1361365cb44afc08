import { apply, isOver, legalActions, parseCards, start, view, type Action, type HandEvent } from '@naiko/engine';
import { decideBotAction } from './bots/policy';
import { decisionKindOf, startDecision, timeoutAction } from './clock';
import { planNextHand } from './plan';
import { chipsAtTable } from './state';
import { makeTableConfig } from './config';
import { toBotView, toHandConfig } from './engine-adapter';
import { finishHand, startHand } from './hand';
import { requestBombPot } from './home-game';
import { updateSettings } from './admin';
import { code, nlConfig, patchSeat, plan, playQuietHand, rng, tableWith, withPositions } from './spec-helpers';
import type { TableState } from './state';

const forced = (events: HandEvent[]) =>
  events.flatMap((e) => (e.type === 'forced-bet' ? [{ seat: e.seat, kind: e.kind, amount: e.amount }] : []));

describe('home-game settings are validated against the game', () => {
  const base = { stakes: { smallBlind: 5, bigBlind: 10 }, buyIn: { min: 400, max: 2000 }, seats: 6 };
  const bad = (over: Record<string, unknown>) =>
    code(() => makeTableConfig({ game: 'holdem', structure: 'no-limit', ...base, ...over } as never));
  test('each option only where it makes sense, with a clear INVALID_CONFIG otherwise', () => {
    expect(
      bad({
        homeGame: {
          straddle: true,
          runItTwice: true,
          rabbitHunt: true,
          sevenDeuceBounty: 10,
          bombPot: { ante: 20, everyHands: 10, doubleBoard: true },
        },
      }),
    ).toBe('no error');
    expect(
      bad({
        game: 'stud7',
        structure: 'fixed-limit',
        stakes: { smallBlind: 0, bigBlind: 10, ante: 2, bringIn: 5 },
        buyIn: { min: 400, max: null },
        homeGame: { straddle: true },
      }),
    ).toBe('INVALID_CONFIG');
    expect(bad({ game: 'draw5', homeGame: { bombPot: { ante: 10 } } })).toBe('INVALID_CONFIG');
    expect(bad({ game: 'omaha', structure: 'pot-limit', homeGame: { sevenDeuceBounty: 10 } })).toBe('INVALID_CONFIG');
    expect(bad({ structure: 'fixed-limit', buyIn: { min: 400, max: null }, homeGame: { straddle: true } })).toBe(
      'INVALID_CONFIG',
    );
    expect(bad({ naikoMode: true, homeGame: { rabbitHunt: true } })).toBe('INVALID_CONFIG');
    expect(bad({ homeGame: { bombPot: { ante: 10, everyHands: 1 } } })).toBe('INVALID_CONFIG');
    expect(() =>
      makeTableConfig({ game: 'omaha', structure: 'pot-limit', ...base, homeGame: { sevenDeuceBounty: 10 } }),
    ).toThrow(/homeGame: the 7-2 bounty is a Texas Hold'em rule/);
  });
});

describe('bomb-pot counter', () => {
  const config = nlConfig({ homeGame: { bombPot: { ante: 20, everyHands: 3 } } });
  const play = (s: TableState, hands: number): boolean[] => {
    const out: boolean[] = [];
    for (let k = 0; k < hands; k++) {
      const r = playQuietHand(s, k);
      out.push(!!r.plan.bombPot);
      s = r.state;
    }
    return out;
  };

  test('bomb pot every N hands: hands 3 and 6 are bomb pots; the engine deals them without blinds', () => {
    const s = tableWith([0, 1, 2, 3], { config, established: true });
    expect(play(s, 6)).toEqual([false, false, true, false, false, true]);
    let t = s;
    for (let k = 0; k < 2; k++) t = playQuietHand(t, k).state;
    const p = plan(t);
    expect(p.bombPot).toBe(true);
    const hc = toHandConfig(t.config, p);
    expect(hc.homeGame).toEqual({ bombPot: { ante: 20 } });
    const { state, events } = start(hc, { rng: rng(1) });
    expect(forced(events).map((f) => [f.kind, f.amount])).toEqual([0, 1, 2, 3].map(() => ['bomb-pot-ante', 20]));
    expect(state.street).toBe(1);
  });

  test('bomb pot on demand: the host asks, the next hand is one, then the count goes on', () => {
    const c = nlConfig({
      private: { hostId: 'host', invited: ['p0', 'p1', 'p2', 'p3'], inviteCode: null },
      homeGame: { bombPot: { ante: 20 } },
    });
    let s = tableWith([0, 1, 2], { config: c, established: true });
    expect(code(() => requestBombPot(s, 'p1'))).toBe('NOT_HOST');
    s = requestBombPot(s, 'host').state;
    const first = playQuietHand(s);
    expect(first.plan.bombPot).toBe(true);
    expect(first.state.bombPotPending).toBe(false);
    expect(playQuietHand(first.state).plan.bombPot).toBeFalsy();
    expect(code(() => requestBombPot(tableWith([0, 1]), 'system'))).toBe('INVALID_CONFIG');
    // Turning bomb pots off drops one that was asked for.
    const asked = requestBombPot(first.state, 'host').state;
    expect(updateSettings(asked, 'host', { homeGame: {} }).state.bombPotPending).toBeUndefined();
  });

  test('a bomb pot due on a hand with table posts waits for the next hand without', () => {
    let s = withPositions(
      tableWith([0, 1, 2, 3, 4, 5], { config: nlConfig({ homeGame: { bombPot: { ante: 20 } } }), established: true }),
      3,
      4,
      5,
    );
    s = requestBombPot(s, 'system').state;
    s = patchSeat(s, 2, { entry: 'new', waitForBigBlind: false });
    const p = plan(s);
    expect(p.posts.length).toBeGreaterThan(0);
    expect(p).toMatchObject({ bombPot: false, bombPotDeferred: true });
    expect(toHandConfig(s.config, p).homeGame).toBeUndefined();
    const started = startHand(s, p).state;
    expect(started.bombPotPending).toBe(true);
    const done = finishHand(started, { stacks: p.dealtIn.map((d) => ({ seat: d.seat, stack: d.stack })) }, 0).state;
    expect(plan(done).bombPot).toBe(true);
  });
});

describe('home-game options reach the engine', () => {
  test('straddle, run it twice, 7-2 bounty and rabbit hunt are passed on every hand; the host may change them between hands', () => {
    const c = nlConfig({ private: { hostId: 'host', invited: ['p0', 'p1', 'p2', 'p3'], inviteCode: null } });
    let s = withPositions(tableWith([0, 1, 2, 3], { config: c, established: true }), 0, 1, 2);
    s = updateSettings(s, 'host', {
      homeGame: { straddle: true, runItTwice: true, sevenDeuceBounty: 5, rabbitHunt: true },
    }).state;
    const p = plan(s);
    const hc = toHandConfig(s.config, p);
    expect(hc.homeGame).toEqual({ straddle: true, runItTwice: true, sevenDeuceBounty: 5, rabbitHunt: true });
    const { events } = start(hc, { rng: rng(1) });
    expect(forced(events).map((f) => f.kind)).toEqual(['small-blind', 'big-blind', 'straddle']);
    expect(code(() => updateSettings(s, 'host', { homeGame: { sevenDeuceBounty: -1 } }))).toBe('INVALID_CONFIG');
  });
});

describe('the table host needs no special code for the offers', () => {
  test('timeouts answer run-once and muck; bots run once, show a 7-2 and muck anything else', () => {
    const ctx = {
      kind: 'bet' as const,
      structure: 'no-limit' as const,
      disconnected: false,
      committed: 10,
      protectionAvailable: false,
      cashTable: true,
    };
    expect(timeoutAction({ ...ctx, legal: ['run-twice', 'run-once'] })).toEqual({ type: 'run-once' });
    expect(timeoutAction({ ...ctx, legal: ['show', 'muck'] })).toEqual({ type: 'muck' });
    // The offers' clock: a short fixed time (the shield window's), no time bank.
    expect(decisionKindOf(['run-twice', 'run-once'])).toBe('offer');
    expect(decisionKindOf(['show', 'muck'])).toBe('offer');
    expect(decisionKindOf(['fold', 'check', 'bet'])).toBe('bet');
    expect(
      startDecision('offer', 1000, { decisionMs: 20_000, drawDecisionMs: 30_000, shieldResponseMs: 8_000 }, 30_000),
    ).toEqual({ kind: 'offer', startedAt: 1000, deadline: 9000, timeBankMs: 0 });
    const bv = { board: [], pot: 30, toCall: 0, stack: 100, bigBlind: 10, legal: ['show', 'muck'], opponents: 0 };
    expect(decideBotAction({ ...bv, hole: parseCards('7c2d') }, rng(1))).toEqual({ type: 'show' });
    expect(decideBotAction({ ...bv, hole: parseCards('7c2c') }, rng(1))).toEqual({ type: 'muck' });
    expect(decideBotAction({ ...bv, hole: parseCards('AsAd'), legal: ['run-twice', 'run-once'] }, rng(1))).toEqual({
      type: 'run-once',
    });
  });

  test('a table of bots plays 60 hands with every option through the generic path (bot decisions and timeouts), chips conserved', () => {
    const config = nlConfig({
      homeGame: {
        straddle: true,
        runItTwice: true,
        sevenDeuceBounty: 10,
        rabbitHunt: true,
        bombPot: { ante: 20, everyHands: 4, doubleBoard: true },
      },
    });
    let s = tableWith([0, 1, 2, 3, 4], { config, established: true, stack: 1000 });
    const total = chipsAtTable(s);
    const r = rng(7);
    const seen = new Set<string>();
    for (let hand = 0; hand < 60; hand++) {
      const out = planNextHand(s, r);
      if (!out.ok) break;
      s = startHand(s, out.plan).state;
      let { state } = start(toHandConfig(s.config, out.plan), { rng: r });
      for (let steps = 0; !isOver(state); steps++) {
        expect(steps).toBeLessThan(500);
        const la = legalActions(state)!;
        seen.add(state.phase);
        // Every third decision times out; the others are the bot's.
        let action: Action;
        if (steps % 3 === 0) {
          const t = timeoutAction({
            kind: 'bet',
            legal: la.actions,
            structure: 'no-limit',
            disconnected: false,
            committed: 0,
            protectionAvailable: false,
            cashTable: true,
          });
          action = { type: t.type, seat: la.seat };
        } else {
          const bv = toBotView(view(state, la.seat), 10)!;
          const d = decideBotAction(bv, r);
          action = { type: d.type, seat: la.seat, ...('amount' in d ? { amount: d.amount } : {}) };
        }
        const res = apply(state, action);
        expect(res.ok).toBe(true);
        if (res.ok) state = res.state;
      }
      s = finishHand(s, { stacks: state.seats.map((seat, i) => ({ seat, stack: state.stacks[i] })) }, 0).state;
      expect(chipsAtTable(s)).toBe(total);
    }
    expect(seen.has('run-twice') || seen.has('show-or-muck')).toBe(true);
  });
});
