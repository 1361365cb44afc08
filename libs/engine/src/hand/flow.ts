import type { Card } from '../cards/card';
import type { DealStep } from '../variants/types';
import { openingIncrement, potTotal } from './betting';
import type { Draft } from './draft';
import { rankingFor } from './evaluate';
import { canAct, clockwise, leftOfButton, openerIndex } from './order';
import { buildPots, splitAmount, tableDeadMoney, type Pot } from './pots';
import type { HandEvent, HandState, SeatConfig } from './types';

/**
 * How the hand moves on once an action (or the start) leaves nobody needing to act: returning
 * uncalled chips, dealing streets, running the board out, the showdown and paying the pots.
 * Everything here works on the draft `apply` owns.
 */

type Events = HandEvent[];

// ---------- dealing ----------

function draw(d: Draft): Card {
  if (d.deckPos >= d.deck.length) throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  return d.deck[d.deckPos++];
}

/**
 * Deal-step handlers by kind; the draw module adds 'draw'. Returns true if the street must pause for
 * player input, 'no-betting' if the rules cancel this street's betting round (stud's shared 7th card).
 */
export type DealStepHandler = (d: Draft, step: DealStep, ev: Events) => boolean | 'no-betting';
const dealHandlers = new Map<string, DealStepHandler>();
export function registerDealStep(kind: string, fn: DealStepHandler): void {
  dealHandlers.set(kind, fn);
}

/**
 * Private cards: one card per pass to each player still in, clockwise from the first player left of
 * the button; `down` face-down passes first, then `up` face-up passes.
 */
registerDealStep('hole', (d, step, ev) => {
  if (step.kind !== 'hole') return false;
  const n = d.seats.length;
  const order = clockwise(n, leftOfButton(d)).filter((i) => !d.folded[i]);
  const passes = step.down + step.up;
  if (step.sharedWhenShort && d.deckPos + order.length * passes > d.deck.length) {
    // Not enough cards for everyone: one face-up community card serves all, and no betting follows.
    const card = draw(d);
    d.board = d.board.concat(card);
    ev.push({ type: 'board-dealt', street: d.street, cards: [card] });
    return 'no-betting';
  }
  const got: Card[][] = order.map(() => []);
  for (let p = 0; p < passes; p++) for (let k = 0; k < order.length; k++) got[k].push(draw(d));
  d.hole = d.hole.slice();
  d.holeUp = d.holeUp.slice();
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const up: boolean[] = [];
    for (let p = 0; p < passes; p++) up.push(p >= step.down);
    d.hole[i] = d.hole[i].concat(got[k]);
    d.holeUp[i] = d.holeUp[i].concat(up);
    ev.push({ type: 'hole-dealt', seat: d.seats[i], cards: got[k], up });
  }
  return false;
});

registerDealStep('board', (d, step, ev) => {
  if (step.kind !== 'board') return false;
  const cards: Card[] = [];
  for (let k = 0; k < step.count; k++) cards.push(draw(d));
  d.board = d.board.concat(cards);
  ev.push({ type: 'board-dealt', street: d.street, cards });
  return false;
});

/** Deals the current street; returns false when a step cancelled the street's betting round. */
function dealStreet(d: Draft, ev: Events): boolean {
  let betting = true;
  for (const step of d.spec.streets[d.street].deal) {
    const fn = dealHandlers.get(step.kind);
    if (!fn) throw new Error(`no handler for deal step ${step.kind}`);
    const r = fn(d, step, ev);
    if (r === 'no-betting') betting = false;
    else if (r) throw new Error(`deal step ${step.kind} pauses the street: its module must drive the hand`);
  }
  return betting;
}

// ---------- forced bets ----------

/** Puts up to `amount` from player i's stack in; live chips count as his bet this round. */
export function post(d: Draft, i: number, amount: number, live: boolean): number {
  const x = Math.min(amount, d.stacks[i]);
  d.stacks[i] -= x;
  d.committed[i] += x;
  if (live) d.bets[i] += x;
  if (d.stacks[i] === 0) d.allIn[i] = true;
  return x;
}

// ---------- betting round bookkeeping ----------

export function liveCount(d: Draft | HandState): number {
  let c = 0;
  for (let i = 0; i < d.seats.length; i++) if (!d.folded[i]) c++;
  return c;
}

function canActCount(d: Draft): number {
  let c = 0;
  for (let i = 0; i < d.seats.length; i++) if (canAct(d, i)) c++;
  return c;
}

/** Whether player i still owes an action in this round. */
function needsToAct(d: Draft, i: number): boolean {
  if (!canAct(d, i)) return false;
  if (d.acted[i] && d.bets[i] >= d.currentBet) return false;
  // Alone against all-in players whose bets he already covers: nothing to decide.
  let maxOther = 0;
  for (let j = 0; j < d.seats.length; j++) {
    if (j === i || d.folded[j]) continue;
    if (!d.allIn[j]) return true;
    if (d.bets[j] > maxOther) maxOther = d.bets[j];
  }
  return d.bets[i] < maxOther;
}

export function nextToAct(d: Draft, from: number): number {
  const n = d.seats.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    if (needsToAct(d, i)) return i;
  }
  return -1;
}

/** Starts betting round bookkeeping for the current street. */
export function resetRound(d: Draft): void {
  const n = d.seats.length;
  d.currentBet = 0;
  d.lastIncrement = openingIncrement(d);
  d.betCount = 0;
  d.spreadStep = 0;
  d.lastAggressor = -1;
  d.acted = new Array<boolean>(n).fill(false);
  d.actedLevel = new Array<number>(n).fill(0);
}

/** The part of the largest bet no one matched goes back to its owner: a return, not a win. */
function returnUncalled(d: Draft, ev: Events): void {
  let top = -1;
  let topBet = 0;
  let second = 0;
  for (let i = 0; i < d.seats.length; i++) {
    const b = d.bets[i];
    if (b > topBet) {
      second = topBet;
      topBet = b;
      top = i;
    } else if (b > second) second = b;
  }
  if (top >= 0 && topBet > second) {
    const back = topBet - second;
    d.bets[top] -= back;
    d.committed[top] -= back;
    d.stacks[top] += back;
    if (d.stacks[top] > 0) d.allIn[top] = false;
    ev.push({ type: 'uncalled-bet-returned', seat: d.seats[top], amount: back });
  }
}

function collectBets(d: Draft, ev: Events): void {
  let any = false;
  for (let i = 0; i < d.bets.length; i++) if (d.bets[i] !== 0) any = true;
  if (any) d.bets = new Array<number>(d.seats.length).fill(0);
  ev.push({ type: 'bets-collected', pot: potTotal(d) });
}

/** After an accepted action: the next player, or the end of the round / hand. */
export function afterAction(d: Draft, ev: Events): void {
  if (liveCount(d) === 1) return winWithoutShowdown(d, ev);
  const next = nextToAct(d, d.toAct + 1);
  if (next >= 0) {
    d.toAct = next;
    return;
  }
  closeRound(d, ev);
}

/** Lets the first player of the current (already dealt) street act, or moves on if nobody needs to. */
export function openRound(d: Draft, ev: Events): void {
  const street = d.spec.streets[d.street];
  if (street.betting) {
    const first = nextToAct(d, openerIndex(d as HandState, street.opener));
    if (first >= 0) {
      d.toAct = first;
      return;
    }
  }
  closeRound(d, ev);
}

/** Ends the betting round and deals on until someone must act, or the hand is decided. */
export function closeRound(d: Draft, ev: Events): void {
  d.toAct = -1;
  returnUncalled(d, ev);
  collectBets(d, ev);
  for (;;) {
    if (d.street + 1 >= d.spec.streets.length) return showdown(d, ev);
    if (!d.runout && canActCount(d) <= 1) {
      d.runout = true;
      ev.push({ type: 'runout', fromStreet: d.street + 1 });
    }
    d.street++;
    resetRound(d);
    ev.push({ type: 'street-started', street: d.street, name: d.spec.streets[d.street].name });
    const betting = dealStreet(d, ev);
    const street = d.spec.streets[d.street];
    if (street.betting && betting && !d.runout) {
      const first = nextToAct(d, openerIndex(d as HandState, street.opener));
      if (first >= 0) {
        d.toAct = first;
        return;
      }
    }
    // No betting on this street: it is collected empty and the next one follows.
  }
}

export { dealStreet };

// ---------- the end ----------

function finalStacks(d: Draft): SeatConfig[] {
  return d.seats.map((seat, i) => ({ seat, stack: d.stacks[i] }));
}

function takeRake(d: Draft, pots: Pot[]): number[] {
  const fn = d.config.rake;
  if (!fn) return pots.map(() => 0);
  const rake = fn({ pots: pots.map((p) => p.amount), playersDealt: d.seats.length, dropEligible: d.street >= d.spec.rakeFromStreet });
  if (rake.length !== pots.length) throw new Error('rake function must return one amount per pot');
  return rake.map((r, k) => {
    if (!Number.isInteger(r) || r < 0 || r > pots[k].amount) throw new Error(`rake ${r} invalid for a pot of ${pots[k].amount}`);
    return r;
  });
}

function endHand(d: Draft, ev: Events): void {
  d.phase = 'complete';
  d.toAct = -1;
  ev.push({ type: 'hand-ended', stacks: finalStacks(d) });
}

function winWithoutShowdown(d: Draft, ev: Events): void {
  d.toAct = -1;
  returnUncalled(d, ev);
  collectBets(d, ev);
  const winner = d.folded.indexOf(false);
  const pot: Pot = { amount: potTotal(d), eligible: [winner] };
  const [rake] = takeRake(d, [pot]);
  const won = pot.amount - rake;
  d.stacks[winner] += won;
  ev.push({ type: 'pot-awarded', pot: 0, amount: pot.amount, rake, eligible: [d.seats[winner]], shares: [{ seat: d.seats[winner], amount: won, half: 'whole' }] });
  endHand(d, ev);
}

function showdown(d: Draft, ev: Events): void {
  d.toAct = -1;
  const n = d.seats.length;
  const spec = d.spec;
  const high = rankingFor(spec.ranking.high);
  const low = spec.ranking.low ? rankingFor(spec.ranking.low) : null;
  const hi = new Array<number>(n).fill(-1);
  const lo = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (d.folded[i]) continue;
    hi[i] = high.score(d.hole[i], d.board);
    if (low) lo[i] = low.score(d.hole[i], d.board);
  }
  const options = { headsUp: liveCount(d) === 2 };
  const hiCmp = (a: number, b: number): number => high.compare(a, b, options);
  const loCmp = (a: number, b: number): number => (low ? low.compare(a, b, options) : 0);
  const pots = buildPots(d.committed, d.folded, tableDeadMoney(d.config, d.sbIndex, d.bbIndex));

  // Showdown order: the last bettor/raiser of the final round, else the variant's opener rule.
  const start = d.lastAggressor >= 0 ? d.lastAggressor : openerIndex(d as HandState, spec.showdownOpener);
  const order = clockwise(n, start).filter((i) => !d.folded[i]);
  let anyAllIn = false;
  for (const i of order) if (d.allIn[i]) anyAllIn = true;
  // Every hand is tabled on Naiko (show-all) tables and whenever a player is all-in.
  const showAll = d.config.showdown === 'show-all' || anyAllIn;
  // Best shown hand per pot (player index, -1 = none shown yet).
  const bestHi = pots.map(() => -1);
  const bestLo = pots.map(() => -1);
  d.shown = d.shown.slice();
  for (const i of order) {
    let show = showAll;
    if (!show) {
      // Classic tables: a hand is mucked when it cannot beat or tie a hand shown in any pot it plays for.
      for (let k = 0; k < pots.length && !show; k++) {
        if (!pots[k].eligible.includes(i)) continue;
        if (bestHi[k] < 0 || hiCmp(hi[i], hi[bestHi[k]]) >= 0) show = true;
        else if (lo[i] >= 0 && (bestLo[k] < 0 || loCmp(lo[i], lo[bestLo[k]]) >= 0)) show = true;
      }
    }
    if (show) {
      d.shown[i] = true;
      for (let k = 0; k < pots.length; k++) {
        if (!pots[k].eligible.includes(i)) continue;
        if (bestHi[k] < 0 || hiCmp(hi[i], hi[bestHi[k]]) > 0) bestHi[k] = i;
        if (lo[i] >= 0 && (bestLo[k] < 0 || loCmp(lo[i], lo[bestLo[k]]) > 0)) bestLo[k] = i;
      }
      ev.push({ type: 'hand-shown', seat: d.seats[i], cards: d.hole[i].slice() });
    } else {
      ev.push({ type: 'hand-mucked', seat: d.seats[i] });
    }
  }

  const rake = takeRake(d, pots);
  const lob = leftOfButton(d);
  const orderKey = (i: number): number => (i - lob + n) % n;
  const best = (vals: number[], among: number[], cmp: (a: number, b: number) => number): number[] => {
    let top = -1;
    for (const i of among) if (vals[i] >= 0 && (top < 0 || cmp(vals[i], vals[top]) > 0)) top = i;
    return top < 0 ? [] : among.filter((i) => vals[i] >= 0 && cmp(vals[i], vals[top]) === 0);
  };
  pots.forEach((pot, k) => {
    const amount = pot.amount - rake[k];
    const shares: { seat: number; amount: number; half: 'whole' | 'high' | 'low' }[] = [];
    const hiWinners = best(hi, pot.eligible, hiCmp);
    const loWinners = low ? best(lo, pot.eligible, loCmp) : [];
    const pay = (amt: number, winners: number[], half: 'whole' | 'high' | 'low'): void => {
      for (const [i, a] of splitAmount(amt, winners, orderKey)) {
        d.stacks[i] += a;
        shares.push({ seat: d.seats[i], amount: a, half });
      }
    };
    if (loWinners.length) {
      // Hi/Lo: the odd chip of the halves goes to the high half.
      const loHalf = Math.floor(amount / 2);
      pay(amount - loHalf, hiWinners, 'high');
      pay(loHalf, loWinners, 'low');
    } else pay(amount, hiWinners, 'whole');
    ev.push({ type: 'pot-awarded', pot: k, amount: pot.amount, rake: rake[k], eligible: pot.eligible.map((i) => d.seats[i]), shares });
  });
  endHand(d, ev);
}
