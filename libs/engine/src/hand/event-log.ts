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
    for (let p = 0; p < passes; p++) for (const e of run) out.push(e.cards[p] as Card);
    run = [];
  };
  for (const e of events) {
    if (e.type === 'hole-dealt') {
      const h = e as Extract<HandEvent, { type: 'hole-dealt' }>;
      if (run.some((r) => r.seat === h.seat)) flush();
      run.push(h);
      continue;
    }
    flush();
    // The second board (home games) and the rabbit hunt's cards come from the same deck, in event order.
    if (e.type === 'board-dealt' || e.type === 'x-board-dealt' || e.type === 'x-rabbit-hunt')
      out.push(...(e as { cards: Card[] }).cards);
  }
  flush();
  return out;
}

/** The players' actions recorded in an event log. */
export function actionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const e of events) {
    if (e.type === 'artificial-all-in') out.push({ type: 'artificialAllIn', seat: (e as { seat: number }).seat });
    // Home-game decisions: the run-it-twice answers, an uncontested winner's show or muck.
    if (e.type === 'x-run-twice-answer')
      out.push({
        type: (e as { accept?: boolean }).accept ? 'run-twice' : 'run-once',
        seat: (e as unknown as { seat: number }).seat,
      });
    if (e.type === 'x-winner-shows')
      out.push({
        type: (e as { show?: boolean }).show ? 'show' : 'muck',
        seat: (e as unknown as { seat: number }).seat,
      });
    if (e.type !== 'action') continue;
    const a = e as Extract<HandEvent, { type: 'action' }>;
    out.push(
      a.action === 'bet' || a.action === 'raise'
        ? { type: a.action, seat: a.seat, amount: a.to }
        : { type: a.action, seat: a.seat },
    );
  }
  return out;
}
