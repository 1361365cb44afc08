import type { Card } from '../../cards/card';
import type { Draft } from '../draft';
import { leftOfButton } from '../order';
import type { HandEvent, HandState } from '../types';
import { HOME, homeOf, isFlopGame, isSevenDeuceOffsuit, type HomeExt } from './rules';

/**
 * The home-game rules the hand machine (`flow.ts`) calls at its fixed points: the second board, the
 * run-it-twice offer and second run, the rabbit hunt and the 7-2 bounty. Only drafts are touched here;
 * the answers to the offers are actions handled in `offers.ts`.
 */

type Events = HandEvent[];

export function setHome(d: Draft, h: HomeExt): void {
  d.ext = { ...d.ext, [HOME]: h };
}

function take(d: Draft): Card {
  if (d.deckPos >= d.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  return d.deck[d.deckPos++];
}

/** The boards a showdown is decided on: the board, and the second board when there is one. */
export function boardsOf(s: Draft | HandState): (readonly Card[])[] {
  const h = homeOf(s);
  return h?.board2 ? [s.board, h.board2] : [s.board];
}

/**
 * Double-board bomb pot: after each street's cards on the first board, as many on the second
 * (`x-board-dealt`, board 2). Dealing order: flop of board 1, flop of board 2, turn 1, turn 2, ...
 */
export function dealSecondBoardStreet(d: Draft, count: number, ev: Events): void {
  const h = homeOf(d);
  if (!h || !d.config.homeGame?.bombPot?.doubleBoard) return;
  const cards: Card[] = [];
  for (let k = 0; k < count; k++) cards.push(take(d));
  setHome(d, { ...h, board2: (h.board2 ?? []).concat(cards) });
  ev.push({ type: 'x-board-dealt', board: 2, street: d.street, cards });
}

/**
 * Run it twice, the offer: once per hand, when the betting is over with at least two players still
 * in, at most one of them able to act, and board cards still to come (a single board: not with a
 * double-board bomb pot). Each player still in answers in turn from left of the button (all-in
 * players and the one who covers them: his chips run twice too). Returns true when the hand now
 * waits for the answers (phase 'run-twice').
 */
export function offerRunTwice(d: Draft, ev: Events): boolean {
  const h = homeOf(d);
  // Not on a double board (it already has two boards).
  if (!h || h.offered || !d.config.homeGame?.runItTwice || h.board2 || d.config.homeGame.bombPot?.doubleBoard)
    return false;
  if (d.street + 1 >= d.spec.streets.length || !isFlopGame(d.spec)) return false;
  const n = d.seats.length;
  const order: number[] = [];
  let canAct = 0;
  const first = leftOfButton(d);
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (d.folded[i]) continue;
    order.push(i);
    if (!d.allIn[i]) canAct++;
  }
  if (order.length < 2 || canAct > 1) return false;
  setHome(d, { ...h, offered: true, offer: { order, pos: 0, accepted: new Array<boolean>(n).fill(false) } });
  d.phase = 'run-twice';
  d.toAct = order[0];
  ev.push({ type: 'x-run-twice-offered', street: d.street, order: order.map((i) => d.seats[i]) });
  return true;
}

/**
 * Run it twice, the second run: the streets from `runFrom` dealt again from the same deck, after the
 * first run is complete, on a copy of the board as it was before the first run.
 */
export function dealSecondRun(d: Draft, ev: Events): void {
  const h = homeOf(d);
  if (!h || !h.twice || h.board2) return;
  let common = 0;
  for (let st = 0; st < h.runFrom; st++)
    for (const step of d.spec.streets[st].deal) if (step.kind === 'board') common += step.count;
  let board2 = d.board.slice(0, common);
  for (let st = h.runFrom; st < d.spec.streets.length; st++) {
    for (const step of d.spec.streets[st].deal) {
      if (step.kind !== 'board') continue;
      const cards: Card[] = [];
      for (let k = 0; k < step.count; k++) cards.push(take(d));
      board2 = board2.concat(cards);
      ev.push({ type: 'x-board-dealt', board: 2, street: st, cards });
    }
  }
  setHome(d, { ...h, board2 });
}

/**
 * Rabbit hunt: the hand ended before the last board card; the cards that would have come (the next
 * deck cards in dealing order, the second board's too on a double board) are shown to everyone.
 * Information only: no chips move.
 */
export function rabbitHunt(d: Draft, ev: Events): void {
  const h = homeOf(d);
  if (!h || !d.config.homeGame?.rabbitHunt || !isFlopGame(d.spec)) return;
  const double = !!h.board2;
  const cards: Card[] = [];
  const streets: { street: number; board: number; cards: Card[] }[] = [];
  for (let st = d.street + 1; st < d.spec.streets.length; st++) {
    for (const step of d.spec.streets[st].deal) {
      if (step.kind !== 'board') continue;
      for (const board of double ? [1, 2] : [1]) {
        const got: Card[] = [];
        for (let k = 0; k < step.count && d.deckPos < d.deck.length; k++) got.push(take(d));
        cards.push(...got);
        streets.push({ street: st, board, cards: got });
      }
    }
  }
  if (!cards.length) return;
  setHome(d, { ...h, rabbit: cards });
  ev.push({ type: 'x-rabbit-hunt', cards, streets });
}

/**
 * 7-2 bounty: each winner (of all or part of any pot) who showed 7-2 offsuit collects the bounty from
 * every other player dealt in, folded or not; a player pays at most what he has left after the pots
 * (table stakes: nobody owes chips he does not have on the table). Winners are taken from left of
 * the button; two 7-2 winners each collect from the other too.
 */
export function payBounty(d: Draft, ev: Events, won: readonly boolean[]): void {
  const x = d.config.homeGame?.sevenDeuceBounty ?? 0;
  if (x <= 0) return;
  const n = d.seats.length;
  const first = leftOfButton(d);
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (!won[i] || !d.shown[i] || !isSevenDeuceOffsuit(d.hole[i])) continue;
    const paid: { seat: number; amount: number }[] = [];
    let total = 0;
    for (let k2 = 1; k2 < n; k2++) {
      const j = (i + k2) % n;
      const a = Math.min(x, d.stacks[j]);
      if (a <= 0) continue;
      d.stacks[j] -= a;
      d.stacks[i] += a;
      total += a;
      paid.push({ seat: d.seats[j], amount: a });
    }
    ev.push({ type: 'x-seven-deuce-bounty', seat: d.seats[i], amount: total, paid });
  }
}
