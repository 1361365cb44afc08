/**
 * Hand-for-hand play on the money bubble (TDA, WSOP): when the next bust is the bubble and more than
 * one table plays, every table plays exactly one hand per round and no table deals its next hand
 * until all tables have finished theirs. Busts in the same round at different tables tie
 * (`placeBusts(..., 'hand-for-hand-round')`).
 */

/** Hand-for-hand applies when exactly one player more than the paid places remains on 2+ tables. */
export function isHandForHand(playersRemaining: number, paidPlaces: number, tablesInPlay: number): boolean {
  return tablesInPlay > 1 && playersRemaining === paidPlaces + 1;
}

export interface HandForHandRound {
  readonly round: number;
  /** Tables that have not finished their hand of this round. */
  readonly pending: readonly number[];
  /** Tables that have finished their hand of this round. */
  readonly done: readonly number[];
}

export function startHandForHandRound(
  previous: HandForHandRound | null,
  tableIds: readonly number[],
): HandForHandRound {
  return { round: (previous?.round ?? 0) + 1, pending: [...tableIds], done: [] };
}

/** May this table deal now? Only once per round. */
export function mayDeal(round: HandForHandRound, tableId: number): boolean {
  return round.pending.includes(tableId) && !round.done.includes(tableId);
}

/** A table finished its hand of the round. Unknown or repeated table ids change nothing. */
export function tableHandFinished(round: HandForHandRound, tableId: number): HandForHandRound {
  if (!round.pending.includes(tableId)) return round;
  return { ...round, pending: round.pending.filter((t) => t !== tableId), done: [...round.done, tableId] };
}

/** The round is over when every table finished; then the busts of the round are placed together. */
export function isRoundComplete(round: HandForHandRound): boolean {
  return round.pending.length === 0;
}
