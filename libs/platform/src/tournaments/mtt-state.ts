// The running state of one scheduled tournament as pure transitions over a JSON document (stored in
// scheduled_tournaments.state and changed only under the row lock). The platform service carries
// out the ledger side; this module decides who sits where, who busted, which places they take, when
// tables may deal (hand-for-hand, final-table redraw) and when the tournament is over.
//
// Identities: seats hold user ids (a player has at most one live entry); finishing places belong to
// entries (`e<entryId>`), because a player who re-entered can finish twice.
//
// Decisions the rule texts leave open (documented here):
// - Busts while late registration is open are kept in order and placed when it closes (the field
//   size is known only then): the first to bust takes the last place, same-hand busts share by
//   libs/tournament's stack rule. Busts during the rebuy period wait the same way (issue 25,
//   libs/tournament `bustIsFinal`): a busted player may rebuy until it ends (`reviveEntry`), and
//   whoever has not is placed in bust order when it ends.
// - A satellite stops once the players left are no more than its seats (`satelliteSeatsDecided`):
//   no table deals again (`seatsDecided`), and when no hand is in progress the players left share
//   1st (a seat each).
// - Who is dealt in and where the blinds go: mtt-deal.ts (the dead-button rule).
// - Hand-for-hand starts when every table has finished the hand it was playing; a table then deals
//   once per round; busts of a round are placed together (different tables tie).
import type { HandPotAward } from '../tables/room/host-options';
import {
  applySeatingPlan,
  bustEntry,
  initialSeating,
  isHandForHand,
  isRoundComplete,
  planSeating,
  recordBusts,
  recordSeatWinners,
  recordWinner,
  seatNewPlayer,
  startHandForHandRound,
  startStandings,
  tableHandFinished,
  type Bust,
  type HandForHandRound,
  type Move,
  type RandomSource,
  type RegistrationState,
  type SeatingSnapshot,
  type Standings,
} from '@naiko/tournament';

export interface MttState {
  registration: RegistrationState;
  seating: SeatingSnapshot | null;
  /** Hands finished per table id (lobby). */
  tableHands: Record<string, number>;
  /** Players seated between the small blind and the button, waiting for the button to pass. */
  waiting: string[];
  /** null until late registration closes (places are assigned from then on). */
  standings: Standings | null;
  /** Busts (per hand, in order) while late registration was open. */
  earlyBusts: Bust[][];
  handForHand: { round: HandForHandRound | null; pending: boolean; busts: Bust[] } | null;
  /** No table deals: the final-table redraw waits for the hands in progress. */
  pauseDeals: boolean;
  /** Entry keys (`e<id>`) of the winner once decided. */
  winner: string | null;
  moves: number;
  brokenTables: number[];
  /**
   * The hand number each table began last (scale-out: the copy taking a table over finds that
   * hand — still running: cancelled; completed but its result not recorded: recorded).
   */
  handsBegun?: Record<string, number>;
  /**
   * The last planner run had to wait for a hand in progress (a fullest table, a table to break, the
   * final-table redraw): the next hand finished anywhere runs the planner again.
   */
  replanOnFinish?: boolean;
  /**
   * A satellite's seats are decided while a hand was still in progress (issue 25): no table deals
   * again (kept apart from `pauseDeals`, which the planner recomputes), the last hand's finish ends it.
   */
  seatsDecided?: boolean;
  /**
   * Busts were recorded at a table without running the planner (the shared path of a finish): the
   * planner runs next, in its own tournament-wide transaction.
   */
  balancePending?: boolean;
}

export const entryKey = (entryId: number): string => `e${entryId}`;
export const entryIdOf = (key: string): number => Number(key.slice(1));

export function newMttState(registration: RegistrationState): MttState {
  return {
    registration,
    seating: null,
    tableHands: {},
    waiting: [],
    standings: null,
    earlyBusts: [],
    handForHand: null,
    pauseDeals: false,
    winner: null,
    moves: 0,
    brokenTables: [],
  };
}

/** The live entry of a user (status active). */
export function liveEntryOf(state: MttState, userId: string): number | null {
  const liveEntry = state.registration.entries.find((x) => x.playerId === userId && x.status === 'active');
  return liveEntry ? liveEntry.entryId : null;
}

export function seatedPlayers(state: MttState): number {
  let seated = 0;
  for (const tableSnapshot of state.seating?.tables ?? [])
    for (const occupant of tableSnapshot.seats) if (occupant) seated++;
  return seated;
}

export function tableCounts(state: MttState): { tableId: number; players: number; handInProgress: boolean }[] {
  return (state.seating?.tables ?? []).map((tableSnapshot) => ({
    tableId: tableSnapshot.tableId,
    players: tableSnapshot.seats.filter((p) => p).length,
    handInProgress: tableSnapshot.handInProgress,
  }));
}

/**
 * The start: everyone with a live entry drawn at random over ceil(n / tableSize) tables. The ids are
 * sorted first, so the draw depends only on who entered and on `rng` (the committed seat draw,
 * seat-draw.ts), not on the order of registration.
 */
export function seatEveryone(state: MttState, tableSize: number, rng: RandomSource): MttState {
  const players = state.registration.entries
    .filter((e) => e.status === 'active')
    .map((e) => e.playerId)
    .sort();
  const tables = initialSeating(players, tableSize, rng);
  // Pre-set break order: highest table number breaks first (libs/tournament's default, written out).
  const breakOrder = tables.map((t) => t.tableId).sort((a, b) => b - a);
  return { ...state, seating: { tableSize, tables, breakOrder } };
}

/** A late entry or re-entry: a random free seat at a shortest table (a new table if all are full). */
export function seatLateEntry(state: MttState, userId: string, rng: RandomSource): MttState {
  if (!state.seating) return state;
  const seatedResult = seatNewPlayer(state.seating, userId, rng);
  const waiting = seatedResult.waitsForButton ? [...state.waiting, userId] : state.waiting;
  const standings = state.standings ? { ...state.standings, remaining: state.standings.remaining + 1 } : null;
  return { ...state, seating: seatedResult.snapshot, waiting, standings };
}

// Who is dealt in, and the button and blinds, at one table: mtt-deal.ts.
export { beginHand, dealFor, type DealDecision } from './mtt-deal';

export interface HandResult {
  /** Dealt-in players with their stacks before the hand and the odd-chip order (distance left of the button). */
  dealtIn: { userId: string; stack: number; order: number }[];
  /** Stacks after the hand by user id. */
  after: ReadonlyMap<string, number>;
  /** The hand's pots as awarded (issue 25: bounties are split by them); absent on a recovered hand. */
  pots?: readonly HandPotAward[];
}

export interface FinishOutcome {
  state: MttState;
  /** User ids that busted in this hand. */
  busted: string[];
  moves: Move[];
  brokenTables: number[];
  /** Set when the tournament has its winner (the payout follows). */
  finished: boolean;
}

/** Late registration is closed at `currentLevel` (level numbers from 1; a break counts as the level before). */
export function lateRegistrationClosed(state: MttState, currentLevel: number): boolean {
  const until = state.registration.config.lateRegistrationUntilLevel;
  return until === 0 || currentLevel > until;
}

/** Closes late registration: the field is final, early busts take the last places in bust order. */
export function closeLateRegistration(state: MttState): MttState {
  if (state.standings) return state;
  const entrants = state.registration.entries.filter((e) => e.status === 'active' || e.status === 'busted').length;
  let standings = startStandings(Math.max(1, entrants));
  for (const group of state.earlyBusts) standings = recordBusts(standings, group);
  return { ...state, standings, earlyBusts: [] };
}

/** Prize places for the final field (set by the service: the prize table of the entrants). */
export type PaidPlacesOf = (entrants: number) => number;

/**
 * A table's hand ended: busts leave their seats (and their entries bust), places are recorded (or
 * kept for later, see the header), the hand-for-hand round advances, the seating planner balances
 * and breaks tables, and the tournament finishes with one player left.
 */
export function finishHand(
  s0: MttState,
  tableId: number,
  result: HandResult,
  ctx: {
    rng: RandomSource;
    currentLevel: number;
    paidPlaces: PaidPlacesOf;
    /** False during the rebuy period (issue 25): busts wait, like during late registration. */
    bustsFinal?: boolean;
    /** A satellite (issue 25): are the seats decided with `playersLeft` of a field of `entrants`? */
    seatsDecided?: (playersLeft: number, entrants: number) => boolean;
  },
): FinishOutcome {
  let working = s0;
  const bustedPlayers = result.dealtIn.filter((p) => p.stack > 0 && (result.after.get(p.userId) ?? 0) === 0);
  const busts: Bust[] = [];
  let registration = working.registration;
  for (const bustedPlayer of bustedPlayers) {
    const entryId = liveEntryOf(working, bustedPlayer.userId);
    if (entryId === null) continue;
    registration = bustEntry(registration, entryId).state;
    busts.push({
      playerId: entryKey(entryId),
      startingStack: bustedPlayer.stack,
      order: bustedPlayer.order + tableId * 100,
      tableId,
    });
  }
  const gone = new Set(bustedPlayers.map((p) => p.userId));
  const tables = working.seating!.tables.map((tableSnapshot) =>
    tableSnapshot.tableId !== tableId
      ? tableSnapshot
      : {
          ...tableSnapshot,
          handInProgress: false,
          seats: tableSnapshot.seats.map((p) => (p && gone.has(p.playerId) ? null : p)),
        },
  );
  working = {
    ...working,
    registration,
    seating: { ...working.seating!, tables },
    tableHands: { ...working.tableHands, [tableId]: (working.tableHands[tableId] ?? 0) + 1 },
    waiting: working.waiting.filter((u) => !gone.has(u)),
  };

  // Places.
  const roundState = working.handForHand;
  if (roundState?.round) {
    const round = tableHandFinished(roundState.round, tableId);
    working = { ...working, handForHand: { ...roundState, round, busts: [...roundState.busts, ...busts] } };
  } else if (!working.standings && (!lateRegistrationClosed(working, ctx.currentLevel) || ctx.bustsFinal === false)) {
    if (busts.length) working = { ...working, earlyBusts: [...working.earlyBusts, busts] };
  } else {
    working = closeLateRegistration(working);
    if (busts.length) working = { ...working, standings: recordBusts(working.standings!, busts) };
  }
  const left = seatedPlayers(working);
  if (left <= 1) working = closeRound(working);
  // One player left: the winner.
  if (left <= 1) {
    working = closeLateRegistration(working);
    const survivor = working.seating!.tables.flatMap((t) => t.seats).find((p) => p)!;
    const winner = entryKey(liveEntryOf(working, survivor.playerId)!);
    working = {
      ...working,
      standings: recordWinner(working.standings!, winner),
      winner,
      handForHand: null,
      pauseDeals: false,
    };
    return { state: working, busted: [...gone], moves: [], brokenTables: [], finished: true };
  }

  const decided = satelliteDecided(working, left, ctx, [...gone]);
  if (decided) return decided;

  const planned = replan(working, ctx.rng);
  working = planned.state;
  if (working.handForHand?.round) {
    // A table broken during the round plays no more hands in it.
    const open = new Set(working.seating!.tables.map((t) => t.tableId));
    const roundBefore = working.handForHand.round;
    const round = { ...roundBefore, pending: roundBefore.pending.filter((id) => open.has(id)) };
    working = { ...working, handForHand: { ...working.handForHand, round } };
    if (isRoundComplete(round)) working = closeRound(working);
  }
  working = updateHandForHand(working, ctx);
  return {
    state: working,
    busted: [...gone],
    moves: planned.moves,
    brokenTables: planned.brokenTables,
    finished: false,
  };
}

/**
 * Issue 25: a satellite whose seats are decided stops. No table deals again (`pauseDeals`); once no
 * hand is in progress (a hand-for-hand round's busts placed together first), the players left share
 * 1st — a seat each — and the tournament is finished. A bust in a hand that was already running
 * when the seats were decided still takes a seat place (the places below the seats are all paid
 * alike). Null while the seats are not decided.
 */
function satelliteDecided(
  s0: MttState,
  left: number,
  ctx: { seatsDecided?: (playersLeft: number, entrants: number) => boolean },
  busted: string[],
): FinishOutcome | null {
  if (!ctx.seatsDecided || !s0.standings) return null;
  const entrants = s0.standings.remaining + s0.standings.groups.reduce((a, g) => a + g.players.length, 0);
  if (!ctx.seatsDecided(left, entrants)) return null;
  if (s0.seating!.tables.some((t) => t.handInProgress)) {
    return { state: { ...s0, seatsDecided: true }, busted, moves: [], brokenTables: [], finished: false };
  }
  return { state: closeDecidedSatellite(s0), busted, moves: [], brokenTables: [], finished: true };
}

/**
 * A satellite whose seats are decided, with no hand in progress: the players left share 1st (their
 * entry keys as one finish group) and the tournament is finished (the payout follows). Also run by
 * the planner job when the last hand in progress never finished (the crash rule cancelled it).
 */
export function closeDecidedSatellite(s0: MttState): MttState {
  const afterRound = closeRound(s0);
  const survivors = afterRound
    .seating!.tables.flatMap((t) => t.seats)
    .flatMap((seatedPlayer) => {
      const entryId = seatedPlayer ? liveEntryOf(afterRound, seatedPlayer.playerId) : null;
      return entryId === null ? [] : [entryKey(entryId)];
    });
  const standings = recordSeatWinners(afterRound.standings!, survivors);
  return { ...afterRound, standings, winner: survivors[0], handForHand: null, pauseDeals: false, seatsDecided: false };
}

/** Ends a hand-for-hand round: its busts are placed together (different tables tie). */
function closeRound(s0: MttState): MttState {
  const roundState = s0.handForHand;
  if (!roundState?.round) return s0;
  let working = closeLateRegistration(s0);
  if (roundState.busts.length)
    working = { ...working, standings: recordBusts(working.standings!, roundState.busts, 'hand-for-hand-round') };
  return { ...working, handForHand: null };
}

/** Hand-for-hand on the money bubble: pending until every table is idle, then rounds of one hand. */
function updateHandForHand(state: MttState, ctx: { currentLevel: number; paidPlaces: PaidPlacesOf }): MttState {
  if (!state.standings || !state.seating) return state;
  const entrants = state.standings.remaining + state.standings.groups.reduce((a, g) => a + g.players.length, 0);
  // A table with one player cannot deal: it takes no part in a round (balancing fills it).
  const tables = state.seating.tables.filter((t) => t.seats.filter((p) => p).length >= 2);
  const bubble = isHandForHand(seatedPlayers(state), ctx.paidPlaces(entrants), tables.length);
  let roundState = state.handForHand;
  if (!bubble && !roundState?.round) return { ...state, handForHand: null };
  if (bubble && !roundState) roundState = { round: null, pending: true, busts: [] };
  if (roundState && !roundState.round && tables.every((t) => !t.handInProgress)) {
    roundState = {
      round: startHandForHandRound(
        null,
        tables.map((t) => t.tableId),
      ),
      pending: false,
      busts: [],
    };
  }
  return { ...state, handForHand: roundState };
}

/** Runs the seating planner and applies its moves (balance, break, final-table redraw). */
export function replan(state: MttState, rng: RandomSource): { state: MttState; moves: Move[]; brokenTables: number[] } {
  if (!state.seating || state.winner) return { state: state, moves: [], brokenTables: [] };
  const plan = planSeating(state.seating, rng);
  let seating = plan.moves.length || plan.brokenTables.length ? applySeatingPlan(state.seating, plan) : state.seating;
  if (plan.finalTableRedraw) {
    // The final table draws for the button: its first hand starts left of a random seat.
    seating = {
      ...seating,
      tables: seating.tables.map((t) =>
        t.tableId === plan.finalTableId ? { ...t, button: null, positions: null } : t,
      ),
    };
  }
  const waitingNow = new Set(state.waiting);
  for (const move of plan.moves) {
    if (move.waitsForButton) waitingNow.add(move.playerId);
    else waitingNow.delete(move.playerId);
  }
  if (plan.finalTableRedraw) waitingNow.clear();
  const pauseDeals = plan.holds.some((x) => x.kind === 'redraw-waits-for-hands');
  return {
    state: {
      ...state,
      replanOnFinish: plan.holds.length > 0,
      seating,
      waiting: [...waitingNow],
      pauseDeals,
      moves: state.moves + plan.moves.length,
      brokenTables: [...state.brokenTables, ...plan.brokenTables],
    },
    moves: [...plan.moves],
    brokenTables: [...plan.brokenTables],
  };
}

/**
 * The balancing invariant outside hands in progress: the tables differ by at most one player, or a
 * fullest table is in a hand — its players may not move until it ends, and the player who moves is
 * always taken from the fullest table (libs/tournament rule 3), so the planner waits for that hand.
 */
export function closeEnough(counts: readonly { players: number; handInProgress: boolean }[]): boolean {
  if (counts.length < 2) return true;
  const min = Math.min(...counts.map((c) => c.players));
  const max = Math.max(...counts.map((c) => c.players));
  return max - min <= 1 || counts.some((c) => c.players === max && c.handInProgress);
}

export function balanced(state: MttState): boolean {
  return closeEnough(tableCounts(state));
}

/** Whether an entry's bust still waits to be placed (busted during late registration or the rebuy period). */
export function bustPending(state: MttState, entryId: number): boolean {
  const key = entryKey(entryId);
  return !state.standings && state.earlyBusts.some((g) => g.some((b) => b.playerId === key));
}

/**
 * Issue 25: a busted player rebuys during the rebuy period. His entry is live again (the same
 * entry: its rebuys count on), his waiting bust is withdrawn (he takes no place for it), and he
 * takes a random free seat at a shortest table like a late entry (`seatLateEntry`, between hands).
 */
export function reviveEntry(state: MttState, entryId: number, rng: RandomSource): MttState {
  const entry = state.registration.entries.find((e) => e.entryId === entryId);
  if (!entry || entry.status !== 'busted' || !bustPending(state, entryId)) return state;
  const key = entryKey(entryId);
  const registration = {
    ...state.registration,
    entries: state.registration.entries.map((e) => (e.entryId === entryId ? { ...e, status: 'active' as const } : e)),
  };
  const earlyBusts = state.earlyBusts.map((g) => g.filter((b) => b.playerId !== key)).filter((g) => g.length > 0);
  return seatLateEntry({ ...state, registration, earlyBusts }, entry.playerId, rng);
}
