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
  const play = (tableState: TableState, hands: number): boolean[] => {
    const out: boolean[] = [];
    for (let k = 0; k < hands; k++) {
      const played = playQuietHand(tableState, k);
      out.push(!!played.plan.bombPot);
      tableState = played.state;
    }
    return out;
  };

  test('bomb pot every N hands: hands 3 and 6 are bomb pots; the engine deals them without blinds', () => {
    const tableState = tableWith([0, 1, 2, 3], { config, established: true });
    expect(play(tableState, 6)).toEqual([false, false, true, false, false, true]);
    let afterTwoHands = tableState;
    for (let k = 0; k < 2; k++) afterTwoHands = playQuietHand(afterTwoHands, k).state;
    const nextHandPlan = plan(afterTwoHands);
    expect(nextHandPlan.bombPot).toBe(true);
    const hc = toHandConfig(afterTwoHands.config, nextHandPlan);
    expect(hc.homeGame).toEqual({ bombPot: { ante: 20 } });
    const { state, events } = start(hc, { rng: rng(1) });
    expect(forced(events).map((f) => [f.kind, f.amount])).toEqual([0, 1, 2, 3].map(() => ['bomb-pot-ante', 20]));
    expect(state.street).toBe(1);
  });

  test('bomb pot on demand: the host asks, the next hand is one, then the count goes on', () => {
    const tableConfig = nlConfig({
      private: { hostId: 'host', invited: ['p0', 'p1', 'p2', 'p3'], inviteCode: null },
      homeGame: { bombPot: { ante: 20 } },
    });
    let tableState = tableWith([0, 1, 2], { config: tableConfig, established: true });
    expect(code(() => requestBombPot(tableState, 'p1'))).toBe('NOT_HOST');
    tableState = requestBombPot(tableState, 'host').state;
    const first = playQuietHand(tableState);
    expect(first.plan.bombPot).toBe(true);
    expect(first.state.bombPotPending).toBe(false);
    expect(playQuietHand(first.state).plan.bombPot).toBeFalsy();
    expect(code(() => requestBombPot(tableWith([0, 1]), 'system'))).toBe('INVALID_CONFIG');
    // Turning bomb pots off drops one that was asked for.
    const asked = requestBombPot(first.state, 'host').state;
    expect(updateSettings(asked, 'host', { homeGame: {} }).state.bombPotPending).toBeUndefined();
  });

  test('a bomb pot due on a hand with table posts waits for the next hand without', () => {
    let tableState = withPositions(
      tableWith([0, 1, 2, 3, 4, 5], { config: nlConfig({ homeGame: { bombPot: { ante: 20 } } }), established: true }),
      3,
      4,
      5,
    );
    tableState = requestBombPot(tableState, 'system').state;
    tableState = patchSeat(tableState, 2, { entry: 'new', waitForBigBlind: false });
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.posts.length).toBeGreaterThan(0);
    expect(nextHandPlan).toMatchObject({ bombPot: false, bombPotDeferred: true });
    expect(toHandConfig(tableState.config, nextHandPlan).homeGame).toBeUndefined();
    const started = startHand(tableState, nextHandPlan).state;
    expect(started.bombPotPending).toBe(true);
    const done = finishHand(
      started,
      { stacks: nextHandPlan.dealtIn.map((d) => ({ seat: d.seat, stack: d.stack })) },
      0,
    ).state;
    expect(plan(done).bombPot).toBe(true);
  });
});

describe('home-game options reach the engine', () => {
  test('straddle, run it twice, 7-2 bounty and rabbit hunt are passed on every hand; the host may change them between hands', () => {
    const tableConfig = nlConfig({ private: { hostId: 'host', invited: ['p0', 'p1', 'p2', 'p3'], inviteCode: null } });
    let tableState = withPositions(tableWith([0, 1, 2, 3], { config: tableConfig, established: true }), 0, 1, 2);
    tableState = updateSettings(tableState, 'host', {
      homeGame: { straddle: true, runItTwice: true, sevenDeuceBounty: 5, rabbitHunt: true },
    }).state;
    const nextHandPlan = plan(tableState);
    const hc = toHandConfig(tableState.config, nextHandPlan);
    expect(hc.homeGame).toEqual({ straddle: true, runItTwice: true, sevenDeuceBounty: 5, rabbitHunt: true });
    const { events } = start(hc, { rng: rng(1) });
    expect(forced(events).map((f) => f.kind)).toEqual(['small-blind', 'big-blind', 'straddle']);
    expect(code(() => updateSettings(tableState, 'host', { homeGame: { sevenDeuceBounty: -1 } }))).toBe(
      'INVALID_CONFIG',
    );
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
    let tableState = tableWith([0, 1, 2, 3, 4], { config, established: true, stack: 1000 });
    const total = chipsAtTable(tableState);
    const randomSource = rng(7);
    const seen = new Set<string>();
    for (let hand = 0; hand < 60; hand++) {
      const out = planNextHand(tableState, randomSource);
      if (!out.ok) break;
      tableState = startHand(tableState, out.plan).state;
      let { state } = start(toHandConfig(tableState.config, out.plan), { rng: randomSource });
      for (let steps = 0; !isOver(state); steps++) {
        expect(steps).toBeLessThan(500);
        const la = legalActions(state)!;
        seen.add(state.phase);
        // Every third decision times out; the others are the bot's.
        let action: Action;
        if (steps % 3 === 0) {
          const onTimeout = timeoutAction({
            kind: 'bet',
            legal: la.actions,
            structure: 'no-limit',
            disconnected: false,
            committed: 0,
            protectionAvailable: false,
            cashTable: true,
          });
          action = { type: onTimeout.type, seat: la.seat };
        } else {
          const bv = toBotView(view(state, la.seat), 10)!;
          const botDecision = decideBotAction(bv, randomSource);
          action = {
            type: botDecision.type,
            seat: la.seat,
            ...('amount' in botDecision ? { amount: botDecision.amount } : {}),
          };
        }
        const res = apply(state, action);
        expect(res.ok).toBe(true);
        if (res.ok) state = res.state;
      }
      tableState = finishHand(
        tableState,
        { stacks: state.seats.map((seat, i) => ({ seat, stack: state.stacks[i] })) },
        0,
      ).state;
      expect(chipsAtTable(tableState)).toBe(total);
    }
    expect(seen.has('run-twice') || seen.has('show-or-muck')).toBe(true);
  });
});
