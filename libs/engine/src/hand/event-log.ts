import type { Card } from '../cards/card';
import type { Action, HandEvent } from './types';

/*
 * Reading an unredacted event log back into a hand's inputs (its cards and its actions): the core's
 * part of `replayEvents`, also used by the rule modules that rebuild their own hands' inputs.
 */

/**
 * The cards an unredacted event log dealt, in deck order. Private cards are dealt in passes, one
 * card to each player per pass, so a run of `hole-dealt` events is interleaved back.
 */
export function dealtCards(events: readonly HandEvent[]): Card[] {
  const out: Card[] = [];
  let run: Extract<HandEvent, { type: 'hole-dealt' }>[] = [];
  const flush = (): void => {
    const passes = run.length ? run[0].cards.length : 0;
    for (let p = 0; p < passes; p++) for (const dealt of run) out.push(dealt.cards[p] as Card);
    run = [];
  };
  for (const event of events) {
    if (event.type === 'hole-dealt') {
      const holeDealt = event as Extract<HandEvent, { type: 'hole-dealt' }>;
      if (run.some((r) => r.seat === holeDealt.seat)) flush();
      run.push(holeDealt);
      continue;
    }
    flush();
    // The second board (home games) and the rabbit hunt's cards come from the same deck, in event order.
    if (event.type === 'board-dealt' || event.type === 'x-board-dealt' || event.type === 'x-rabbit-hunt')
      out.push(...(event as { cards: Card[] }).cards);
  }
  flush();
  return out;
}

/** The players' actions recorded in an event log. */
export function actionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const event of events) {
    if (event.type === 'artificial-all-in')
      out.push({ type: 'artificialAllIn', seat: (event as { seat: number }).seat });
    // Home-game decisions: the run-it-twice answers, an uncontested winner's show or muck.
    if (event.type === 'x-run-twice-answer')
      out.push({
        type: (event as { accept?: boolean }).accept ? 'run-twice' : 'run-once',
        seat: (event as unknown as { seat: number }).seat,
      });
    if (event.type === 'x-winner-shows')
      out.push({
        type: (event as { show?: boolean }).show ? 'show' : 'muck',
        seat: (event as unknown as { seat: number }).seat,
      });
    if (event.type !== 'action') continue;
    const action = event as Extract<HandEvent, { type: 'action' }>;
    out.push(
      action.action === 'bet' || action.action === 'raise'
        ? { type: action.action, seat: action.seat, amount: action.to }
        : { type: action.action, seat: action.seat },
    );
  }
  return out;
}
