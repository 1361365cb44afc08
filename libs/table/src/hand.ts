import { fail } from './errors';
import type { TableEvent, Transition } from './events';
import type { NextHandPlan } from './plan';
import { vacateSeat } from './seating';
import type { SeatState, TableState } from './state';

/**
 * Starts the planned deal: marks missed blinds, clears the debts of everyone dealt in (they posted
 * or took the big blind), grants the Naiko spark, refills time banks and moves the carry-over into
 * the hand. Refuses a plan made from another version of the table.
 */
export function startHand(state: TableState, plan: NextHandPlan): Transition<TableState> {
  if (state.closed) fail('TABLE_CLOSED', 'the table is closed');
  if (state.hand) fail('HAND_IN_PROGRESS', 'a hand is running');
  if (plan.basedOnVersion !== state.version)
    fail('STALE_PLAN', `plan from version ${plan.basedOnVersion}, table is at ${state.version}`);
  const { timeBankMs, timeBankRefillPerHandMs } = state.config.clock;
  const seats = state.seats.slice();
  const before: SeatState[] = [];
  const events: TableEvent[] = [];
  for (const m of plan.missed) {
    const s = seats[m.seat]!;
    seats[m.seat] = m.blind === 'big' ? { ...s, missedBig: true } : { ...s, missedSmall: true };
    events.push({ type: 'missedBlind', seat: m.seat, playerId: m.playerId, blind: m.blind });
  }
  for (const d of plan.dealtIn) {
    const s = seats[d.seat]!;
    before.push(s);
    seats[d.seat] = {
      ...s,
      entry: 'inRotation',
      missedBig: false,
      missedSmall: false,
      sparks: d.sparks,
      timeBankMs: Math.min(timeBankMs, s.timeBankMs + timeBankRefillPerHandMs),
    };
  }
  events.unshift({
    type: 'handStarted',
    handNumber: plan.handNumber,
    button: plan.button,
    smallBlindSeat: plan.smallBlindSeat,
    bigBlindSeat: plan.bigBlindSeat,
    seats: plan.dealtIn.map((d) => d.seat),
  });
  return {
    state: {
      ...state,
      seats,
      version: state.version + 1,
      positions: plan.positions,
      carryOver: 0,
      // The bomb-pot counter: a bomb pot dealt clears what was owed; a deferred one stays owed.
      ...(plan.bombPot ? { bombPotPending: false } : plan.bombPotDeferred ? { bombPotPending: true } : {}),
      hand: {
        handNumber: plan.handNumber,
        dealtIn: plan.dealtIn.map(({ seat, playerId, stack }) => ({ seat, playerId, stack })),
        carryIn: state.carryOver,
        before,
        positionsBefore: state.positions,
      },
    },
    events,
  };
}

/** What the engine reports at the end of a hand. */
export interface HandResult {
  /** Final stack of every dealt-in seat. */
  stacks: { seat: number; stack: number }[];
  /** Classic draw: the undivisible remainder that stays in the pot for the next deal. */
  carryOver?: number;
  /** Rake the engine's injected rake function took (default 0: virtual-chip games take none). */
  rake?: number;
  /** Naiko mode: sparks each dealt-in seat holds after the hand's spending. */
  sparks?: { seat: number; sparks: number }[];
}

const nonNegInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * Applies a finished hand: new stacks (checked for chip conservation), sparks, carry-over; then
 * cashes out those who asked to leave during the hand and reports who busted.
 */
export function finishHand(state: TableState, result: HandResult, now: number): Transition<TableState> {
  const hand = state.hand;
  if (!hand) fail('NO_HAND_IN_PROGRESS', 'no hand is running');
  const carryOver = result.carryOver ?? 0;
  const rake = result.rake ?? 0;
  if (!nonNegInt(carryOver) || !nonNegInt(rake))
    fail('BAD_HAND_RESULT', 'carry-over and rake must be non-negative integers');
  const finals = new Map<number, number>();
  for (const r of result.stacks) {
    if (!hand.dealtIn.some((d) => d.seat === r.seat)) fail('BAD_HAND_RESULT', `seat ${r.seat} was not dealt in`);
    if (finals.has(r.seat)) fail('BAD_HAND_RESULT', `seat ${r.seat} reported twice`);
    if (!nonNegInt(r.stack)) fail('BAD_HAND_RESULT', `seat ${r.seat}: bad stack ${r.stack}`);
    finals.set(r.seat, r.stack);
  }
  if (finals.size !== hand.dealtIn.length) fail('BAD_HAND_RESULT', 'every dealt-in seat needs a final stack');
  const chipsBefore = hand.dealtIn.reduce((sum, d) => sum + d.stack, 0) + hand.carryIn;
  const chipsAfter = [...finals.values()].reduce((a, b) => a + b, 0) + carryOver + rake;
  if (chipsBefore !== chipsAfter)
    fail('CHIPS_NOT_CONSERVED', `hand had ${chipsBefore} chips, result accounts for ${chipsAfter}`);
  const sparks = new Map<number, number>();
  for (const s of result.sparks ?? []) {
    if (!finals.has(s.seat) || !nonNegInt(s.sparks) || s.sparks > 3)
      fail('BAD_HAND_RESULT', `seat ${s.seat}: bad sparks ${s.sparks}`);
    sparks.set(s.seat, s.sparks);
  }
  const seats = state.seats.slice();
  for (const [seat, stack] of finals) {
    const s = seats[seat]!;
    seats[seat] = { ...s, stack, sparks: sparks.get(seat) ?? s.sparks };
  }
  let next: TableState = {
    ...state,
    seats,
    hand: null,
    handsPlayed: state.handsPlayed + 1,
    carryOver: state.carryOver + carryOver,
    rakeTaken: state.rakeTaken + rake,
    version: state.version + 1,
  };
  const events: TableEvent[] = [{ type: 'handFinished', handNumber: hand.handNumber, carryOver, rake }];
  for (const d of hand.dealtIn) {
    const s = next.seats[d.seat]!;
    if (s.leaveAfterHand) {
      const t = vacateSeat(next, d.seat, now, 'left');
      next = t.state;
      events.push(...t.events);
    } else if (s.stack === 0) {
      events.push({ type: 'busted', seat: d.seat, playerId: s.playerId });
    }
  }
  return { state: next, events };
}

/**
 * The crash rule (house rules, Server Crash): the running hand is cancelled and every chip each
 * player put in goes back — the table never moved chips out of the stacks during the hand, so the
 * dealt-in seats are simply restored to their state before the deal (debts, sparks, positions too)
 * and the carry-over returns to the table.
 */
export function cancelHand(state: TableState, now: number): Transition<TableState> {
  const hand = state.hand;
  if (!hand) fail('NO_HAND_IN_PROGRESS', 'no hand is running');
  const seats = state.seats.slice();
  for (const b of hand.before) {
    const i = seats.findIndex((s) => s !== null && s.playerId === b.playerId);
    const current = seats[i]!;
    seats[i] = {
      ...b,
      sittingOut: current.sittingOut,
      leaveAfterHand: current.leaveAfterHand,
      connected: current.connected,
      disconnectedAt: current.disconnectedAt,
    };
  }
  let next: TableState = {
    ...state,
    seats,
    hand: null,
    positions: hand.positionsBefore,
    carryOver: state.carryOver + hand.carryIn,
    version: state.version + 1,
  };
  const events: TableEvent[] = [
    { type: 'handCancelled', handNumber: hand.handNumber, refunds: hand.dealtIn.map((d) => ({ ...d })) },
  ];
  for (const d of hand.dealtIn) {
    if (next.seats[d.seat]?.leaveAfterHand) {
      const t = vacateSeat(next, d.seat, now, 'left');
      next = t.state;
      events.push(...t.events);
    }
  }
  return { state: next, events };
}
