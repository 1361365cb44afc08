import type { Card } from '../cards/card';
import type { DealStep } from '../variants/types';
import { openingIncrement, potTotal } from './betting';
import { setAllIn, type Draft } from './draft';
import { rankingFor, type ShowdownRanking } from './evaluate';
import type { CompareOptions } from '../eval';
import { leftOfButton, openerIndex } from './order';
import { buildPots, tableDeadMoney, type Pot } from './pots';
import { rulesOf } from './rule-module';
import type { HandEvent, HandState, SeatConfig } from './types';
import {
  boardsOf,
  dealSecondBoardStreet,
  dealSecondRun,
  offerRunTwice,
  payBounty,
  rabbitHunt,
  setHome,
} from './home/deal';
import { homeOf, isBombPot } from './home/rules';

/**
 * How the hand moves on once an action (or the start) leaves nobody needing to act: returning
 * uncalled chips, dealing streets, running the board out, the showdown and paying the pots.
 * Everything here works on the draft `apply` owns.
 */

type Events = HandEvent[];

// ---------- dealing ----------

function draw(d: Draft): Card {
  if (d.deckPos >= d.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  return d.deck[d.deckPos++];
}

/**
 * Deal-step handlers by kind: the machine's 'hole' and 'board' (below); rule modules add theirs
 * ('draw', `RuleModule.dealSteps`). Returns 'no-betting' if the rules cancel this street's betting
 * round (stud's shared 7th card), 'pause' when the street waits for player
 * input the handler's module drives (a draw): the module sets the phase and the player to act, and
 * calls `resumeStreet` once the step is done.
 */
export type DealStepHandler = (d: Draft, step: DealStep, ev: Events) => boolean | 'no-betting' | 'pause';

/**
 * Private cards: one card per pass to each player still in, clockwise from the first player left of
 * the button; `down` face-down passes first, then `up` face-up passes.
 */
const dealHole: DealStepHandler = (d, step, ev) => {
  if (step.kind !== 'hole') return false;
  const n = d.seats.length;
  const first = leftOfButton(d);
  const passes = step.down + step.up;
  const up: boolean[] = [];
  for (let p = 0; p < passes; p++) up.push(p >= step.down);
  const hole = d.hole.slice();
  const holeUp = d.holeUp.slice();
  // Player k in dealing order takes deck cards deckPos + k, + k + dealt, + k + 2·dealt ...
  let dealt = 0;
  for (let k = 0; k < n; k++) if (!d.folded[(first + k) % n]) dealt++;
  if (step.sharedWhenShort && d.deckPos + dealt * passes > d.deck.length) {
    // Not enough cards for everyone: one face-up community card serves all, and no betting follows.
    const card = draw(d);
    d.board = d.board.concat(card);
    ev.push({ type: 'board-dealt', street: d.street, cards: [card] });
    return 'no-betting';
  }
  if (d.deckPos + dealt * passes > d.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  let j = 0;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (d.folded[i]) continue;
    const cards: Card[] = [];
    for (let p = 0; p < passes; p++) cards.push(d.deck[d.deckPos + j + p * dealt]);
    j++;
    hole[i] = hole[i].length ? hole[i].concat(cards) : cards;
    holeUp[i] = holeUp[i].length ? holeUp[i].concat(up) : up;
    // The event shares the arrays with the state: both are immutable values.
    ev.push({ type: 'hole-dealt', seat: d.seats[i], cards, up });
  }
  d.deckPos += dealt * passes;
  d.hole = hole;
  d.holeUp = holeUp;
  return false;
};

const dealBoard: DealStepHandler = (d, step, ev) => {
  if (step.kind !== 'board') return false;
  const cards: Card[] = [];
  for (let k = 0; k < step.count; k++) cards.push(draw(d));
  d.board = d.board.concat(cards);
  ev.push({ type: 'board-dealt', street: d.street, cards });
  // Double-board bomb pot: the same count on the second board.
  if (d.config.homeGame?.bombPot?.doubleBoard) dealSecondBoardStreet(d, step.count, ev);
  return false;
};

/**
 * Deals the current street; returns false when a step cancelled the street's betting round, 'pause'
 * when a step waits for players (it must be the street's last step).
 */
function dealStreet(d: Draft, ev: Events): boolean | 'pause' {
  let betting = true;
  const steps = d.spec.streets[d.street].deal;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    const core = step.kind === 'hole' ? dealHole : step.kind === 'board' ? dealBoard : undefined;
    const fn = core ?? rulesOf(d.spec).dealSteps.get(step.kind);
    if (!fn) throw new Error(`no handler for deal step ${step.kind}`);
    const r = fn(d, step, ev);
    if (r === 'no-betting') betting = false;
    else if (r === 'pause' && k === steps.length - 1) return 'pause';
    else if (r)
      throw new Error(
        `deal step ${step.kind} pauses the street: it must be the street's last step and its module must drive the hand`,
      );
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
  if (d.stacks[i] === 0) setAllIn(d, i, true);
  return x;
}

// ---------- betting round bookkeeping ----------

// Local on purpose (not `order.canAct`): it runs for every player on every action, and a
// cross-module call costs a getter under the CommonJS transform tsx/esbuild use.
function canAct(d: Draft, i: number): boolean {
  return !d.folded[i] && !d.allIn[i];
}

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
    // Only a player who was all-in for want of chips can act again (not one under disconnection protection).
    if (d.stacks[top] === 0) setAllIn(d, top, false);
    d.bets[top] -= back;
    d.committed[top] -= back;
    d.stacks[top] += back;
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
  // Bomb pot: no preflop betting, straight to the flop.
  if (street.betting && !(d.street === 0 && d.config.homeGame && isBombPot(d.config))) {
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
  nextStreets(d, ev);
}

/** Whether the current street's betting round starts (its first player is set to act). */
function startBetting(d: Draft, dealtBetting: boolean): boolean {
  const street = d.spec.streets[d.street];
  if (street.betting && dealtBetting && !d.runout) {
    const first = nextToAct(d, openerIndex(d as HandState, street.opener));
    if (first >= 0) {
      d.toAct = first;
      return true;
    }
  }
  return false;
}

export function nextStreets(d: Draft, ev: Events): void {
  for (;;) {
    if (d.street + 1 >= d.spec.streets.length) {
      // Run it twice: the second run is dealt once the first is complete.
      if (d.config.homeGame) dealSecondRun(d, ev);
      return showdown(d, ev);
    }
    if (!d.runout && canActCount(d) <= 1) {
      // Run it twice: the players still in are asked first (the hand waits in phase 'run-twice').
      if (d.config.homeGame && liveCount(d) > 1 && offerRunTwice(d, ev)) return;
      d.runout = true;
      ev.push({ type: 'runout', fromStreet: d.street + 1 });
    }
    d.street++;
    resetRound(d);
    ev.push({ type: 'street-started', street: d.street, name: d.spec.streets[d.street].name });
    const betting = dealStreet(d, ev);
    if (betting === 'pause') return;
    if (startBetting(d, betting)) return;
    // No betting on this street: it is collected empty and the next one follows.
  }
}

/**
 * After a paused deal step is done (the draw module's last draw): back to 'betting', the street's
 * betting round opens, or the hand moves on when nobody needs to act.
 */
export function resumeStreet(d: Draft, ev: Events): void {
  d.phase = 'betting';
  d.toAct = -1;
  if (startBetting(d, true)) return;
  nextStreets(d, ev);
}

export { dealStreet };

// ---------- the end ----------

function finalStacks(d: Draft): SeatConfig[] {
  return d.seats.map((seat, i) => ({ seat, stack: d.stacks[i] }));
}

const NO_RAKE = [0];
function takeRake(d: Draft, pots: Pot[]): number[] {
  const fn = d.config.rake;
  if (!fn) return pots.length === 1 ? NO_RAKE : new Array<number>(pots.length).fill(0);
  const rake = fn({
    pots: pots.map((p) => p.amount),
    playersDealt: d.seats.length,
    dropEligible: d.street >= d.spec.rakeFromStreet,
  });
  if (rake.length !== pots.length) throw new Error('rake function must return one amount per pot');
  return rake.map((r, k) => {
    if (!Number.isInteger(r) || r < 0 || r > pots[k].amount)
      throw new Error(`rake ${r} invalid for a pot of ${pots[k].amount}`);
    return r;
  });
}

function endHand(d: Draft, ev: Events, carryOver = 0): void {
  d.phase = 'complete';
  d.toAct = -1;
  ev.push(
    carryOver > 0
      ? { type: 'hand-ended', stacks: finalStacks(d), carryOver }
      : { type: 'hand-ended', stacks: finalStacks(d) },
  );
}

export function winWithoutShowdown(d: Draft, ev: Events): void {
  d.toAct = -1;
  returnUncalled(d, ev);
  collectBets(d, ev);
  if (d.config.homeGame && (d.config.homeGame.sevenDeuceBounty ?? 0) > 0) {
    // 7-2 bounty tables: every uncontested winner may show his hand (or muck it) before he is paid;
    // asking every winner keeps the question from telling anyone what he holds. The table's timeout
    // answer is 'muck'. Until he answers the pot is unpaid (a cancelled hand refunds it as usual).
    d.phase = 'show-or-muck';
    d.toAct = d.folded.indexOf(false);
    return;
  }
  awardUncontested(d, ev);
  endUncontested(d, ev);
}

function awardUncontested(d: Draft, ev: Events): number {
  const winner = d.folded.indexOf(false);
  const pot: Pot = { amount: potTotal(d), eligible: [winner] };
  const [rake] = takeRake(d, [pot]);
  const won = pot.amount - rake;
  d.stacks[winner] += won;
  ev.push({
    type: 'pot-awarded',
    pot: 0,
    amount: pot.amount,
    rake,
    eligible: [d.seats[winner]],
    shares: [{ seat: d.seats[winner], amount: won, half: 'whole' }],
  });
  return winner;
}

/** The end of a hand won without a showdown: the rabbit hunt (home games), then the hand is over. */
function endUncontested(d: Draft, ev: Events): void {
  if (d.config.homeGame) rabbitHunt(d, ev);
  endHand(d, ev);
}

/** An uncontested winner's answer (hand/home `show` / `muck`): he is paid; a shown 7-2 offsuit collects the bounty. */
export function uncontestedShow(d: Draft, ev: Events, show: boolean): void {
  const i = d.toAct;
  d.toAct = -1;
  ev.push({ type: 'x-winner-shows', seat: d.seats[i], show });
  awardUncontested(d, ev);
  if (show) {
    d.shown = d.shown.slice();
    d.shown[i] = true;
    ev.push({ type: 'hand-shown', seat: d.seats[i], cards: d.hole[i].slice() });
    payBounty(
      d,
      ev,
      d.seats.map((_, j) => j === i),
    );
  }
  endUncontested(d, ev);
}

/** After the run-it-twice answers: twice when every player asked accepted, then the board is run out. */
export function afterRunTwiceOffer(d: Draft, ev: Events, twice: boolean): void {
  const h = homeOf(d)!;
  setHome(d, { ...h, offer: null, twice, runFrom: d.street + 1 });
  d.phase = 'betting';
  d.toAct = -1;
  ev.push({ type: 'x-run-twice', twice });
  nextStreets(d, ev);
}

/** Clockwise distance of player i from the first player left of the button (odd-chip order). */
function seatOrder(i: number, lob: number, n: number): number {
  return (i - lob + n) % n;
}

/**
 * Pays `amount` equally to `winners`; odd chips one each starting nearest the button on the left, or
 * none under `oddChip: 'carry-over'`. Returns the chips left undivided.
 */
function pay(
  d: Draft,
  amount: number,
  winners: number[],
  half: 'whole' | 'high' | 'low',
  shares: PotShare[],
  lob: number,
  board?: number,
): number {
  const n = d.seats.length;
  winners.sort((a, b) => seatOrder(a, lob, n) - seatOrder(b, lob, n));
  const k = winners.length;
  const share = Math.floor(amount / k);
  let rem = amount - share * k;
  const kept = d.spec.oddChip === 'carry-over' ? rem : 0;
  rem -= kept;
  for (let w = 0; w < k; w++) {
    const i = winners[w];
    const a = share + (rem > 0 ? 1 : 0);
    if (rem > 0) rem--;
    d.stacks[i] += a;
    shares.push(
      board === undefined ? { seat: d.seats[i], amount: a, half } : { seat: d.seats[i], amount: a, half, board },
    );
  }
  return kept;
}

type PotShare = { seat: number; amount: number; half: 'whole' | 'high' | 'low'; board?: number };

/** The players among `eligible` with the best value (ties included); none when nobody qualifies. */
function bestOf(vals: number[], eligible: number[], rank: ShowdownRanking, options: CompareOptions): number[] {
  let top = -1;
  for (let e = 0; e < eligible.length; e++) {
    const i = eligible[e];
    if (vals[i] >= 0 && (top < 0 || rank.compare(vals[i], vals[top], options) > 0)) top = i;
  }
  const out: number[] = [];
  if (top < 0) return out;
  for (let e = 0; e < eligible.length; e++) {
    const i = eligible[e];
    if (vals[i] >= 0 && rank.compare(vals[i], vals[top], options) === 0) out.push(i);
  }
  return out;
}

function showdown(d: Draft, ev: Events): void {
  d.toAct = -1;
  const n = d.seats.length;
  const spec = d.spec;
  const high = rankingFor(spec.ranking.high);
  const low = spec.ranking.low ? rankingFor(spec.ranking.low) : null;
  // One board, or two (a double-board bomb pot, a board run twice): every pot is split between them.
  const boards = d.config.homeGame ? boardsOf(d) : [d.board];
  const nb = boards.length;
  const his: number[][] = [];
  const los: number[][] = [];
  let live = 0;
  for (let i = 0; i < n; i++) if (!d.folded[i]) live++;
  for (let b = 0; b < nb; b++) {
    const hi = new Array<number>(n);
    const lo = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      hi[i] = lo[i] = -1;
      if (d.folded[i]) continue;
      hi[i] = high.score(d.hole[i], boards[b]);
      if (low) lo[i] = low.score(d.hole[i], boards[b]);
    }
    his.push(hi);
    los.push(lo);
  }
  const options: CompareOptions = { headsUp: live === 2 };
  const pots = buildPots(d.committed, d.folded, tableDeadMoney(d.config, d.sbIndex, d.bbIndex));
  if (d.config.carryOver && pots.length) pots[0].amount += d.config.carryOver;

  // Showdown order: the last bettor/raiser of the final round, else the variant's opener rule.
  const start = d.lastAggressor >= 0 ? d.lastAggressor : openerIndex(d as HandState, spec.showdownOpener);
  let showAll = d.config.showdown === 'show-all';
  // Every hand is tabled on Naiko (show-all) tables and whenever a player is all-in.
  for (let i = 0; i < n && !showAll; i++) if (!d.folded[i] && d.allIn[i]) showAll = true;
  // Best shown hand per board and pot (player index, -1 = none shown yet).
  const bestHi = his.map(() => new Array<number>(pots.length).fill(-1));
  const bestLo = his.map(() => new Array<number>(pots.length).fill(-1));
  d.shown = d.shown.slice();
  for (let k0 = 0; k0 < n; k0++) {
    const i = (start + k0) % n;
    if (d.folded[i]) continue;
    let show = showAll;
    // Classic tables: a hand is mucked when it cannot beat or tie a hand shown in any pot it plays for (on any board).
    for (let b = 0; b < nb && !show; b++) {
      const hi = his[b];
      const lo = los[b];
      for (let k = 0; k < pots.length && !show; k++) {
        if (!pots[k].eligible.includes(i)) continue;
        if (bestHi[b][k] < 0 || high.compare(hi[i], hi[bestHi[b][k]], options) >= 0) show = true;
        else if (low && lo[i] >= 0 && (bestLo[b][k] < 0 || low.compare(lo[i], lo[bestLo[b][k]], options) >= 0))
          show = true;
      }
    }
    if (show) {
      d.shown[i] = true;
      for (let b = 0; b < nb; b++) {
        const hi = his[b];
        const lo = los[b];
        for (let k = 0; k < pots.length; k++) {
          if (!pots[k].eligible.includes(i)) continue;
          if (bestHi[b][k] < 0 || high.compare(hi[i], hi[bestHi[b][k]], options) > 0) bestHi[b][k] = i;
          if (low && lo[i] >= 0 && (bestLo[b][k] < 0 || low.compare(lo[i], lo[bestLo[b][k]], options) > 0))
            bestLo[b][k] = i;
        }
      }
      ev.push({ type: 'hand-shown', seat: d.seats[i], cards: d.hole[i].slice() });
    } else {
      ev.push({ type: 'hand-mucked', seat: d.seats[i], cards: d.hole[i].slice() });
    }
  }

  const rake = takeRake(d, pots);
  const lob = leftOfButton(d);
  let carryOver = 0;
  const won = new Array<boolean>(n).fill(false);
  for (let k = 0; k < pots.length; k++) {
    const pot = pots[k];
    const amount = pot.amount - rake[k];
    const shares: PotShare[] = [];
    // Two boards: each gets half the pot; an odd chip goes by the odd-chip rule (below).
    const per = nb === 1 ? amount : Math.floor(amount / nb);
    const winnersAll: number[] = [];
    for (let b = 0; b < nb; b++) {
      const tag = nb === 1 ? undefined : b + 1;
      const hiWinners = bestOf(his[b], pot.eligible, high, options);
      const loWinners = low ? bestOf(los[b], pot.eligible, low, options) : [];
      winnersAll.push(...hiWinners, ...loWinners);
      if (loWinners.length) {
        // Hi/Lo: the odd chip of the halves goes to the high half.
        const loHalf = Math.floor(per / 2);
        carryOver += pay(d, per - loHalf, hiWinners, 'high', shares, lob, tag);
        carryOver += pay(d, loHalf, loWinners, 'low', shares, lob, tag);
      } else carryOver += pay(d, per, hiWinners, 'whole', shares, lob, tag);
    }
    const odd = amount - per * nb;
    if (odd > 0) {
      // The pot's odd chip between the boards: to the winner (of either board) nearest the button on the left.
      winnersAll.sort((a, b) => seatOrder(a, lob, n) - seatOrder(b, lob, n));
      const w = winnersAll[0];
      d.stacks[w] += odd;
      const share = shares.find((x) => x.seat === d.seats[w]) as PotShare;
      share.amount += odd;
    }
    for (const x of shares) if (x.amount > 0) won[d.seats.indexOf(x.seat)] = true;
    const eligible: number[] = [];
    for (const i of pot.eligible) eligible.push(d.seats[i]);
    ev.push({ type: 'pot-awarded', pot: k, amount: pot.amount, rake: rake[k], eligible, shares });
  }
  if (d.config.homeGame) payBounty(d, ev, won);
  endHand(d, ev, carryOver);
}
