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
  for (const missedBlind of plan.missed) {
    const seatState = seats[missedBlind.seat]!;
    seats[missedBlind.seat] =
      missedBlind.blind === 'big' ? { ...seatState, missedBig: true } : { ...seatState, missedSmall: true };
    events.push({
      type: 'missedBlind',
      seat: missedBlind.seat,
      playerId: missedBlind.playerId,
      blind: missedBlind.blind,
    });
  }
  for (const plannedSeat of plan.dealtIn) {
    const seatState = seats[plannedSeat.seat]!;
    before.push(seatState);
    seats[plannedSeat.seat] = {
      ...seatState,
      entry: 'inRotation',
      missedBig: false,
      missedSmall: false,
      sparks: plannedSeat.sparks,
      timeBankMs: Math.min(timeBankMs, seatState.timeBankMs + timeBankRefillPerHandMs),
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
  for (const final of result.stacks) {
    if (!hand.dealtIn.some((d) => d.seat === final.seat))
      fail('BAD_HAND_RESULT', `seat ${final.seat} was not dealt in`);
    if (finals.has(final.seat)) fail('BAD_HAND_RESULT', `seat ${final.seat} reported twice`);
    if (!nonNegInt(final.stack)) fail('BAD_HAND_RESULT', `seat ${final.seat}: bad stack ${final.stack}`);
    finals.set(final.seat, final.stack);
  }
  if (finals.size !== hand.dealtIn.length) fail('BAD_HAND_RESULT', 'every dealt-in seat needs a final stack');
  const chipsBefore = hand.dealtIn.reduce((sum, d) => sum + d.stack, 0) + hand.carryIn;
  const chipsAfter = [...finals.values()].reduce((a, b) => a + b, 0) + carryOver + rake;
  if (chipsBefore !== chipsAfter)
    fail('CHIPS_NOT_CONSERVED', `hand had ${chipsBefore} chips, result accounts for ${chipsAfter}`);
  const sparks = new Map<number, number>();
  for (const spark of result.sparks ?? []) {
    if (!finals.has(spark.seat) || !nonNegInt(spark.sparks) || spark.sparks > 3)
      fail('BAD_HAND_RESULT', `seat ${spark.seat}: bad sparks ${spark.sparks}`);
    sparks.set(spark.seat, spark.sparks);
  }
  const seats = state.seats.slice();
  for (const [seat, stack] of finals) {
    const seatState = seats[seat]!;
    seats[seat] = { ...seatState, stack, sparks: sparks.get(seat) ?? seatState.sparks };
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
  for (const dealt of hand.dealtIn) {
    const seatState = next.seats[dealt.seat]!;
    if (seatState.leaveAfterHand) {
      const transition = vacateSeat(next, dealt.seat, now, 'left');
      next = transition.state;
      events.push(...transition.events);
    } else if (seatState.stack === 0) {
      events.push({ type: 'busted', seat: dealt.seat, playerId: seatState.playerId });
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
  for (const seatState of hand.before) {
    const seatIndex = seats.findIndex((s) => s !== null && s.playerId === seatState.playerId);
    const current = seats[seatIndex]!;
    seats[seatIndex] = {
      ...seatState,
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
  for (const dealt of hand.dealtIn) {
    if (next.seats[dealt.seat]?.leaveAfterHand) {
      const transition = vacateSeat(next, dealt.seat, now, 'left');
      next = transition.state;
      events.push(...transition.events);
    }
  }
  return { state: next, events };
}
