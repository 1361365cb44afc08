/** Shared fixtures for this library's specs (not exported from the package). */
import { seededRandom } from '@naiko/engine';
import { makeTableConfig, type TableConfig } from './config';
import { TableError } from './errors';
import { finishHand, startHand } from './hand';
import { planNextHand, type NextHandPlan } from './plan';
import { join } from './seating';
import { createTable, type SeatState, type TableState } from './state';

/** Runs `f` and returns the `TableError` code it throws, or 'no error'; any other error propagates. */
export const code = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof TableError) return error.code;
    throw error;
  }
  return 'no error';
};

export const rng = (seed: number | string = 1) => seededRandom(seed);

/** No-Limit Hold'em 5/10, buy-in 400..2000, 6 seats unless overridden. */
export function nlConfig(over: Partial<TableConfig> = {}): TableConfig {
  return makeTableConfig({
    game: 'holdem',
    structure: 'no-limit',
    stakes: { smallBlind: 5, bigBlind: 10 },
    buyIn: { min: 400, max: 2000 },
    seats: 6,
    ...over,
  });
}

export const pid = (seat: number): string => `p${seat}`;

/** Seats players p<seat> with `stack` chips; `established` puts them in the rotation already (owing nothing). */
export function tableWith(
  seats: number[],
  opts: { config?: TableConfig; stack?: number; established?: boolean; waitForBigBlind?: boolean } = {},
): TableState {
  let tableState = createTable(opts.config ?? nlConfig());
  for (const seat of seats) {
    tableState = join(tableState, {
      playerId: pid(seat),
      name: `P${seat}`,
      seat,
      buyIn: opts.stack ?? 1000,
      now: 0,
      waitForBigBlind: opts.waitForBigBlind,
    }).state;
  }
  if (opts.established) tableState = patchAll(tableState, { entry: 'inRotation' });
  return tableState;
}

export function patchSeat(state: TableState, seat: number, patch: Partial<SeatState>): TableState {
  const seats = state.seats.slice();
  seats[seat] = { ...seats[seat]!, ...patch };
  return { ...state, seats, version: state.version + 1 };
}

export function patchAll(state: TableState, patch: Partial<SeatState>): TableState {
  return { ...state, seats: state.seats.map((s) => (s ? { ...s, ...patch } : s)), version: state.version + 1 };
}

export function plan(state: TableState, seed: number | string = 1): NextHandPlan {
  const out = planNextHand(state, rng(seed));
  if (!out.ok) throw new Error(`no plan: ${out.reason}`);
  return out.plan;
}

/** Plans, starts and finishes a hand in which no chips change hands. */
export function playQuietHand(state: TableState, seed: number | string = 1): { state: TableState; plan: NextHandPlan } {
  const nextHandPlan = plan(state, seed);
  const started = startHand(state, nextHandPlan).state;
  const done = finishHand(
    started,
    { stacks: nextHandPlan.dealtIn.map((d) => ({ seat: d.seat, stack: d.stack })) },
    0,
  ).state;
  return { state: done, plan: nextHandPlan };
}

/** Sets last hand's positions directly (seats must be in the rotation). */
export const withPositions = (state: TableState, button: number, smallBlind: number, bigBlind: number): TableState => ({
  ...state,
  positions: { button, smallBlind, bigBlind },
  handsPlayed: Math.max(1, state.handsPlayed),
});
