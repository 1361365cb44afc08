import { apply, isOver, start, view, type HandEvent, type HandState } from '@naiko/engine';
import { decideBotAction } from './bots/policy';
import { makeTableConfig, type TableConfig } from './config';
import { toBotView, toHandConfig } from './engine-adapter';
import { finishHand, startHand } from './hand';
import { planNextHand } from './plan';
import { join, leave, reload } from './seating';
import { nlConfig, patchSeat, pid, plan, rng, tableWith, withPositions } from './spec-helpers';
import { chipsAtTable, type TableState } from './state';

const forced = (events: HandEvent[]) =>
  events.flatMap((e) => (e.type === 'forced-bet' ? [{ seat: e.seat, kind: e.kind, amount: e.amount }] : []));

describe('engine adapter: the engine deals exactly what the table planned', () => {
  it('a dead small blind: only the big blind is posted, by seat 3', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4], { established: true }), 0, 1, 2);
    tableState = leave(tableState, pid(2), 0).state;
    const nextHandPlan = plan(tableState);
    const { state, events } = start(toHandConfig(tableState.config, nextHandPlan), { rng: rng(1) });
    expect(state.button).toBe(1);
    expect(forced(events)).toEqual([{ seat: 3, kind: 'big-blind', amount: 10 }]);
  });

  it('a newcomer posting out of position and a returning player owing both blinds', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 3, 4, 5);
    tableState = patchSeat(tableState, 1, { missedBig: true, missedSmall: true, waitForBigBlind: false });
    tableState = patchSeat(tableState, 2, { entry: 'new', waitForBigBlind: false });
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.posts).toEqual([
      { seat: 1, live: 10, dead: 5 },
      { seat: 2, live: 10, dead: 0 },
    ]);
    const { events } = start(toHandConfig(tableState.config, nextHandPlan), { rng: rng(1) });
    expect(forced(events)).toEqual([
      { seat: 5, kind: 'small-blind', amount: 5 },
      { seat: 0, kind: 'big-blind', amount: 10 },
      { seat: 1, kind: 'live-post', amount: 10 },
      { seat: 1, kind: 'dead-post', amount: 5 },
      { seat: 2, kind: 'live-post', amount: 10 },
    ]);
  });

  it('heads-up: the button posts the small blind', () => {
    const tableState = tableWith([2, 5]);
    const nextHandPlan = plan(tableState, 4);
    const { events } = start(toHandConfig(tableState.config, nextHandPlan), { rng: rng(1) });
    expect(forced(events)).toEqual([
      { seat: nextHandPlan.button, kind: 'small-blind', amount: 5 },
      { seat: nextHandPlan.bigBlindSeat, kind: 'big-blind', amount: 10 },
    ]);
  });

  it('Naiko tables play the naiko variant and show every hand', () => {
    const config = nlConfig({ naikoMode: true });
    const hc = toHandConfig(config, plan(tableWith([0, 1], { config })));
    expect(hc.variant).toBe('naiko');
    expect(hc.showdown).toBe('show-all');
  });
});

/** Plays one whole hand with bots deciding from their own engine view; returns the final state. */
function playWithBots(
  tableState: TableState,
  seed: number,
  omaha = false,
): { table: TableState; hand: HandState } | null {
  const out = planNextHand(tableState, rng(seed));
  if (!out.ok) return null;
  const started = startHand(tableState, out.plan).state;
  let hand = start(toHandConfig(tableState.config, out.plan), { rng: rng(seed * 7 + 1) }).state;
  const botRng = rng(`bots-${seed}`);
  for (let steps = 0; !isOver(hand); steps++) {
    if (steps > 500) throw new Error('hand did not end');
    const seat = hand.seats[hand.toAct];
    const bv = toBotView(view(hand, seat), tableState.config.stakes.bigBlind, { omaha })!;
    expect(bv.hole.length).toBe(omaha ? 4 : 2);
    const botDecision = decideBotAction(bv, botRng);
    const applyResult = apply(hand, { ...botDecision, seat } as never);
    if (!applyResult.ok)
      throw new Error(`bot action refused: ${JSON.stringify(botDecision)} ${applyResult.error.code}`);
    hand = applyResult.state;
  }
  const stacks = hand.seats.map((seat, i) => ({ seat, stack: hand.stacks[i] }));
  return { table: finishHand(started, { stacks }, seed).state, hand };
}

function session(config: TableConfig, hands: number, omaha = false): TableState {
  let tableState = tableWith([0, 1, 2, 3], { config });
  for (let h = 1; h <= hands; h++) {
    // Busted bots rebuy so the table keeps going.
    tableState.seats.forEach((seatState) => {
      if (seatState && seatState.stack === 0)
        tableState = reload(tableState, seatState.playerId, config.buyIn.min).state;
    });
    const played = playWithBots(tableState, h, omaha);
    if (!played) break;
    tableState = played.table;
    expect(tableState.chipsIn - tableState.chipsOut).toBe(chipsAtTable(tableState));
  }
  return tableState;
}

describe('table + engine + bots play whole sessions', () => {
  it("60 hands of No-Limit Hold'em: every bot action is legal and chips are conserved", () => {
    const tableState = session(nlConfig(), 60);
    expect(tableState.handsPlayed).toBe(60);
  });

  it("40 hands of Fixed-Limit Hold'em (no maximum buy-in)", () => {
    const config = makeTableConfig({
      game: 'holdem',
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: null },
      seats: 9,
    });
    expect(session(config, 40).handsPlayed).toBe(40);
  });

  it('40 hands of Pot-Limit Omaha with a player joining midway', () => {
    const config = makeTableConfig({
      game: 'omaha',
      structure: 'pot-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 400, max: 2000 },
      seats: 6,
    });
    let tableState = session(config, 20, true);
    tableState = join(tableState, { playerId: 'late', name: 'L', seat: 5, buyIn: 1000, now: 0 }).state;
    for (let h = 21; h <= 40; h++) {
      const played = playWithBots(tableState, h, true)!;
      tableState = played.table;
    }
    expect(tableState.handsPlayed).toBe(40);
    expect(tableState.seats[5]?.entry).toBe('inRotation');
  });
});

describe('engine adapter: classic-draw carry-over', () => {
  it('a carry-over of 1 planned by the table starts in the engine main pot: 3 antes + 1 = 4', () => {
    const classic = makeTableConfig({
      game: 'draw-classic',
      structure: 'no-limit',
      stakes: { smallBlind: 0, bigBlind: 2, ante: 1 },
      buyIn: { min: 20, max: 200 },
      seats: 7,
    });
    const s0 = tableWith([0, 1, 2], { config: classic, stack: 100 });
    const s1 = startHand(s0, plan(s0)).state;
    const r1 = finishHand(
      s1,
      {
        stacks: [
          { seat: 0, stack: 100 },
          { seat: 1, stack: 100 },
          { seat: 2, stack: 99 },
        ],
        carryOver: 1,
      },
      0,
    );
    const p2 = plan(r1.state);
    expect(p2.carryOver).toBe(1);
    const hc = toHandConfig(classic, p2);
    expect(hc.carryOver).toBe(1);
    const { state } = start(hc, { rng: rng(1) });
    // Each of three players antes 1 from 100 (stacks 99, 99, 98); the carried chip is nobody's.
    expect(state.stacks.reduce((a, b) => a + b, 0)).toBe(296);
    expect(view(state, 'spectator').pot).toBe(4);
  });

  it('no carry-over: the engine config has none', () => {
    const tableState = tableWith([0, 1]);
    expect(toHandConfig(tableState.config, plan(tableState)).carryOver).toBeUndefined();
  });
});
