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

export function setHome(draft: Draft, homeExt: HomeExt): void {
  draft.ext = { ...draft.ext, [HOME]: homeExt };
}

function take(draft: Draft): Card {
  if (draft.deckPos >= draft.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  return draft.deck[draft.deckPos++];
}

/** The boards a showdown is decided on: the board, and the second board when there is one. */
export function boardsOf(hand: Draft | HandState): (readonly Card[])[] {
  const ext = homeOf(hand);
  return ext?.board2 ? [hand.board, ext.board2] : [hand.board];
}

/**
 * Double-board bomb pot: after each street's cards on the first board, as many on the second
 * (`x-board-dealt`, board 2). Dealing order: flop of board 1, flop of board 2, turn 1, turn 2, ...
 */
export function dealSecondBoardStreet(draft: Draft, count: number, ev: Events): void {
  const ext = homeOf(draft);
  if (!ext || !draft.config.homeGame?.bombPot?.doubleBoard) return;
  const cards: Card[] = [];
  for (let k = 0; k < count; k++) cards.push(take(draft));
  setHome(draft, { ...ext, board2: (ext.board2 ?? []).concat(cards) });
  ev.push({ type: 'x-board-dealt', board: 2, street: draft.street, cards });
}

/**
 * Run it twice, the offer: once per hand, when the betting is over with at least two players still
 * in, at most one of them able to act, and board cards still to come (a single board: not with a
 * double-board bomb pot). Each player still in answers in turn from left of the button (all-in
 * players and the one who covers them: his chips run twice too). Returns true when the hand now
 * waits for the answers (phase 'run-twice').
 */
export function offerRunTwice(draft: Draft, ev: Events): boolean {
  const ext = homeOf(draft);
  // Not on a double board (it already has two boards).
  if (
    !ext ||
    ext.offered ||
    !draft.config.homeGame?.runItTwice ||
    ext.board2 ||
    draft.config.homeGame.bombPot?.doubleBoard
  )
    return false;
  if (draft.street + 1 >= draft.spec.streets.length || !isFlopGame(draft.spec)) return false;
  const seatCount = draft.seats.length;
  const order: number[] = [];
  let canAct = 0;
  const first = leftOfButton(draft);
  for (let k = 0; k < seatCount; k++) {
    const index = (first + k) % seatCount;
    if (draft.folded[index]) continue;
    order.push(index);
    if (!draft.allIn[index]) canAct++;
  }
  if (order.length < 2 || canAct > 1) return false;
  setHome(draft, {
    ...ext,
    offered: true,
    offer: { order, pos: 0, accepted: new Array<boolean>(seatCount).fill(false) },
  });
  draft.phase = 'run-twice';
  draft.toAct = order[0];
  ev.push({ type: 'x-run-twice-offered', street: draft.street, order: order.map((i) => draft.seats[i]) });
  return true;
}

/**
 * Run it twice, the second run: the streets from `runFrom` dealt again from the same deck, after the
 * first run is complete, on a copy of the board as it was before the first run.
 */
export function dealSecondRun(draft: Draft, ev: Events): void {
  const ext = homeOf(draft);
  if (!ext || !ext.twice || ext.board2) return;
  let common = 0;
  for (let st = 0; st < ext.runFrom; st++)
    for (const step of draft.spec.streets[st].deal) if (step.kind === 'board') common += step.count;
  let board2 = draft.board.slice(0, common);
  for (let st = ext.runFrom; st < draft.spec.streets.length; st++) {
    for (const step of draft.spec.streets[st].deal) {
      if (step.kind !== 'board') continue;
      const cards: Card[] = [];
      for (let k = 0; k < step.count; k++) cards.push(take(draft));
      board2 = board2.concat(cards);
      ev.push({ type: 'x-board-dealt', board: 2, street: st, cards });
    }
  }
  setHome(draft, { ...ext, board2 });
}

/**
 * Rabbit hunt: the hand ended before the last board card; the cards that would have come (the next
 * deck cards in dealing order, the second board's too on a double board) are shown to everyone.
 * Information only: no chips move.
 */
export function rabbitHunt(draft: Draft, ev: Events): void {
  const ext = homeOf(draft);
  if (!ext || !draft.config.homeGame?.rabbitHunt || !isFlopGame(draft.spec)) return;
  const double = !!ext.board2;
  const cards: Card[] = [];
  const streets: { street: number; board: number; cards: Card[] }[] = [];
  for (let st = draft.street + 1; st < draft.spec.streets.length; st++) {
    for (const step of draft.spec.streets[st].deal) {
      if (step.kind !== 'board') continue;
      for (const board of double ? [1, 2] : [1]) {
        const got: Card[] = [];
        for (let k = 0; k < step.count && draft.deckPos < draft.deck.length; k++) got.push(take(draft));
        cards.push(...got);
        streets.push({ street: st, board, cards: got });
      }
    }
  }
  if (!cards.length) return;
  setHome(draft, { ...ext, rabbit: cards });
  ev.push({ type: 'x-rabbit-hunt', cards, streets });
}

/**
 * 7-2 bounty: each winner (of all or part of any pot) who showed 7-2 offsuit collects the bounty from
 * every other player dealt in, folded or not; a player pays at most what he has left after the pots
 * (table stakes: nobody owes chips he does not have on the table). Winners are taken from left of
 * the button; two 7-2 winners each collect from the other too.
 */
export function payBounty(draft: Draft, ev: Events, won: readonly boolean[]): void {
  const bounty = draft.config.homeGame?.sevenDeuceBounty ?? 0;
  if (bounty <= 0) return;
  const seatCount = draft.seats.length;
  const first = leftOfButton(draft);
  for (let k = 0; k < seatCount; k++) {
    const index = (first + k) % seatCount;
    if (!won[index] || !draft.shown[index] || !isSevenDeuceOffsuit(draft.hole[index])) continue;
    const paid: { seat: number; amount: number }[] = [];
    let total = 0;
    for (let k2 = 1; k2 < seatCount; k2++) {
      const payer = (index + k2) % seatCount;
      const amount = Math.min(bounty, draft.stacks[payer]);
      if (amount <= 0) continue;
      draft.stacks[payer] -= amount;
      draft.stacks[index] += amount;
      total += amount;
      paid.push({ seat: draft.seats[payer], amount: amount });
    }
    ev.push({ type: 'x-seven-deuce-bounty', seat: draft.seats[index], amount: total, paid });
  }
}
