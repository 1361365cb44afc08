/**
 * A tournament simulation core: the whole life of a multi-table tournament — random initial seats,
 * blind levels and breaks on a simulated clock, balancing and breaking after every hand that changed
 * a table's count, hand-for-hand on the bubble, finishing places and the payout — driven by an
 * injected `playHand`. The benchmark plugs in the real engine with fast bots; tests may plug in a
 * simulated hand-outcome model. Pure: randomness from `rng`, the only clock is the optional `clock`
 * used to time balancing decisions.
 *
 * Simplifications (a model of the tournament, not the platform): tables play in rounds, one hand per
 * table per round in table order, and a round takes `handDurationMs` of tournament time; every seated
 * player is dealt into the next hand of his table (no waiting for the button); the button moves to the
 * next occupied seat and is drawn at random for a table's first hand and after the final-table redraw.
 */
import { type BlindLevel, type BlindStructure, levelAt, validateBlindStructure } from './blinds';
import { TournamentError } from './errors';
import { isHandForHand } from './hand-for-hand';
import { type Bust, placeBusts } from './places';
import { type FinishGroup, type Payout, payStandings, prizeTableFor } from './prizes';
import { randomInt } from './random';
import type { RandomSource } from './random';
import {
  type SeatedPlayer,
  type SeatingSnapshot,
  type TableSnapshot,
  applySeatingPlan,
  initialSeating,
  planSeating,
} from './seating';

export interface SimulatedSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly stack: number;
}

export interface HandToPlay {
  readonly handNumber: number;
  readonly tableId: number;
  /** Button seat of this hand. */
  readonly button: number;
  /** Players dealt in, ascending seat order, every stack > 0. */
  readonly seats: readonly SimulatedSeat[];
  readonly level: BlindLevel;
}

/** Plays one hand; returns the stacks after it, in the order of `hand.seats`. Chips must be conserved. */
export type PlayHand = (hand: HandToPlay) => readonly number[];

export interface TournamentSimulationOptions {
  readonly entrants: number;
  readonly tableSize: number;
  readonly startingStack: number;
  readonly buyIn: number;
  readonly structure: BlindStructure;
  /** Tournament time one round of hands takes. */
  readonly handDurationMs: number;
  readonly rng: RandomSource;
  readonly playHand: PlayHand;
  /** Monotonic milliseconds, to time each balancing decision (the bench passes `performance.now`). */
  readonly clock?: () => number;
  /** Process CPU milliseconds, to time the same decisions without the time the process was not scheduled. */
  readonly cpuClock?: () => number;
  /** Stop with an error after this many hands (a guard against a bot that never busts anyone). */
  readonly maxHands?: number;
  /** Called after every balancing step with the seating and the number of players left. */
  readonly afterBalancing?: (snapshot: SeatingSnapshot, holds: number) => void;
}

export interface TournamentSimulationResult {
  readonly entrants: number;
  readonly hands: number;
  readonly rounds: number;
  readonly handForHandRounds: number;
  readonly tournamentMs: number;
  readonly balancingDecisions: number;
  /** Duration of every balancing decision (`planSeating`), when a clock was given. */
  readonly balancingTimesMs: readonly number[];
  /** CPU time of every balancing decision, when a CPU clock was given. */
  readonly balancingCpuTimesMs: readonly number[];
  readonly moves: number;
  readonly tablesBroken: number;
  readonly finalTableRedraw: boolean;
  readonly prizePool: number;
  /** Best place first. */
  readonly standings: readonly FinishGroup[];
  readonly payouts: readonly Payout[];
}

export class SimulationError extends TournamentError<'bad-options' | 'chips-not-conserved' | 'too-many-hands'> {}

export function simulateTournament(options: TournamentSimulationOptions): TournamentSimulationResult {
  if (!Number.isSafeInteger(options.entrants) || options.entrants < 2)
    throw new SimulationError('bad-options', 'at least 2 entrants');
  if (!Number.isSafeInteger(options.startingStack) || options.startingStack < 1)
    throw new SimulationError('bad-options', 'starting stack must be a positive integer');
  if (!Number.isSafeInteger(options.handDurationMs) || options.handDurationMs < 1)
    throw new SimulationError('bad-options', 'hand duration must be a positive integer');
  validateBlindStructure(options.structure);
  const { rng, tableSize } = options;
  const maxHands = options.maxHands ?? 50_000_000;
  const prizeTable = prizeTableFor(options.entrants);
  const prizePool = options.entrants * options.buyIn;
  const ids = Array.from({ length: options.entrants }, (_, i) => `e${i + 1}`);
  const stacks = new Map<string, number>(ids.map((id) => [id, options.startingStack]));

  let snapshot: SeatingSnapshot = { tableSize: tableSize, tables: initialSeating(ids, tableSize, rng) };
  let tableIndex = new Map<number, number>();
  const reindex = () => {
    tableIndex = new Map(snapshot.tables.map((t, i) => [t.tableId, i]));
  };
  reindex();

  let remaining = options.entrants;
  const groupsWorstFirst: FinishGroup[] = [];
  const record = (busts: Bust[], mode: 'same-hand' | 'hand-for-hand-round') => {
    const groups = placeBusts(remaining, busts, mode);
    for (let i = groups.length - 1; i >= 0; i--) groupsWorstFirst.push(groups[i]);
    remaining -= busts.length;
  };

  let hands = 0;
  let rounds = 0;
  let handForHandRounds = 0;
  let balancingDecisions = 0;
  const balancingTimesMs: number[] = [];
  const balancingCpuTimesMs: number[] = [];
  let moves = 0;
  let tablesBroken = 0;
  let finalTableRedraw = false;
  let elapsed = 0;

  const balance = () => {
    const c0 = options.cpuClock ? options.cpuClock() : 0;
    const t0 = options.clock ? options.clock() : 0;
    // Shape-only validation: every snapshot here comes from initialSeating/applySeatingPlan.
    const plan = planSeating(snapshot, rng, { validate: 'shape' });
    if (options.clock) balancingTimesMs.push(options.clock() - t0);
    if (options.cpuClock) balancingCpuTimesMs.push(options.cpuClock() - c0);
    balancingDecisions++;
    snapshot = applySeatingPlan(snapshot, plan);
    moves += plan.moves.length;
    tablesBroken += plan.brokenTables.length;
    if (plan.finalTableRedraw) finalTableRedraw = true;
    if (plan.brokenTables.length > 0 || plan.finalTableRedraw) reindex();
    options.afterBalancing?.(snapshot, plan.holds.length);
  };

  // The simulation owns its snapshot's table array and updates it in place between decisions (the
  // planner reads it synchronously and never keeps it), which spares a copy of every table per hand.
  const replaceTable = (table: TableSnapshot) => {
    (snapshot.tables as TableSnapshot[])[tableIndex.get(table.tableId)!] = table;
  };

  while (remaining > 1) {
    const pos = levelAt(options.structure, elapsed);
    if (pos.kind === 'break') {
      elapsed = pos.endsAtMs;
      continue;
    }
    const handForHand = isHandForHand(remaining, prizeTable.paidPlaces, snapshot.tables.length);
    const roundBusts: Bust[] = [];
    rounds++;
    if (handForHand) handForHandRounds++;
    for (const tableId of snapshot.tables.map((t) => t.tableId)) {
      if (remaining <= 1) break;
      // The bubble reached mid-round: no new hand starts until every table plays hand for hand.
      if (!handForHand && isHandForHand(remaining, prizeTable.paidPlaces, snapshot.tables.length)) break;
      const index = tableIndex.get(tableId);
      if (index === undefined) continue; // broken earlier in this round
      const table = snapshot.tables[index];
      const occupied: number[] = [];
      table.seats.forEach((player, seat) => {
        if (player) occupied.push(seat);
      });
      if (occupied.length < 2) continue;
      const button =
        table.button === null
          ? occupied[randomInt(rng, occupied.length)]
          : (occupied.find((s) => s > table.button!) ?? occupied[0]);
      const seats: SimulatedSeat[] = occupied.map((seat) => {
        const playerId = table.seats[seat]!.playerId;
        return { seat, playerId, stack: stacks.get(playerId)! };
      });
      if (++hands > maxHands) throw new SimulationError('too-many-hands', `no winner after ${maxHands} hands`);
      const after = options.playHand({ handNumber: hands, tableId, button, seats, level: pos.level });
      const before = seats.reduce((s, x) => s + x.stack, 0);
      if (
        after.length !== seats.length ||
        after.reduce((s, x) => s + x, 0) !== before ||
        after.some((x) => !Number.isSafeInteger(x) || x < 0)
      ) {
        throw new SimulationError('chips-not-conserved', `hand ${hands} at table ${tableId} changed the chips in play`);
      }
      const busts: Bust[] = [];
      const newSeats: (SeatedPlayer | null)[] = table.seats.slice();
      seats.forEach((simulatedSeat, index) => {
        stacks.set(simulatedSeat.playerId, after[index]);
        if (after[index] === 0) {
          newSeats[simulatedSeat.seat] = null;
          stacks.delete(simulatedSeat.playerId);
          // Odd-chip order: nearest the button on the left first, then lower table number.
          busts.push({
            playerId: simulatedSeat.playerId,
            startingStack: simulatedSeat.stack,
            tableId,
            order: tableId * 100 + ((simulatedSeat.seat - button - 1 + tableSize) % tableSize),
          });
        } else {
          newSeats[simulatedSeat.seat] = { playerId: simulatedSeat.playerId, dealtIn: true };
        }
      });
      replaceTable({ ...table, seats: newSeats, button, handInProgress: false });
      if (busts.length === 0) continue;
      if (handForHand) roundBusts.push(...busts);
      else {
        record(busts, 'same-hand');
        if (remaining > 1) balance();
      }
    }
    if (roundBusts.length > 0) {
      record(roundBusts, 'hand-for-hand-round');
      if (remaining > 1) balance();
    }
    elapsed += options.handDurationMs;
  }

  const winner = [...stacks.keys()];
  if (winner.length !== 1 || stacks.get(winner[0]) !== options.entrants * options.startingStack) {
    throw new SimulationError('chips-not-conserved', 'the winner does not hold every chip');
  }
  const standings: FinishGroup[] = [{ bestPlace: 1, players: [winner[0]] }];
  for (let i = groupsWorstFirst.length - 1; i >= 0; i--) standings.push(groupsWorstFirst[i]);
  const payouts = payStandings(prizePool, prizeTable, standings);
  return {
    entrants: options.entrants,
    hands,
    rounds,
    handForHandRounds,
    tournamentMs: elapsed,
    balancingDecisions,
    balancingTimesMs,
    balancingCpuTimesMs,
    moves,
    tablesBroken,
    finalTableRedraw,
    prizePool,
    standings,
    payouts,
  };
}
