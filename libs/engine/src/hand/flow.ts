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

function draw(draft: Draft): Card {
  if (draft.deckPos >= draft.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  return draft.deck[draft.deckPos++];
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
const dealHole: DealStepHandler = (draft, step, ev) => {
  if (step.kind !== 'hole') return false;
  const seatCount = draft.seats.length;
  const first = leftOfButton(draft);
  const passes = step.down + step.up;
  const up: boolean[] = [];
  for (let p = 0; p < passes; p++) up.push(p >= step.down);
  const hole = draft.hole.slice();
  const holeUp = draft.holeUp.slice();
  // Player k in dealing order takes deck cards deckPos + k, + k + dealt, + k + 2·dealt ...
  let dealt = 0;
  for (let k = 0; k < seatCount; k++) if (!draft.folded[(first + k) % seatCount]) dealt++;
  if (step.sharedWhenShort && draft.deckPos + dealt * passes > draft.deck.length) {
    // Not enough cards for everyone: one face-up community card serves all, and no betting follows.
    const card = draw(draft);
    draft.board = draft.board.concat(card);
    ev.push({ type: 'board-dealt', street: draft.street, cards: [card] });
    return 'no-betting';
  }
  if (draft.deckPos + dealt * passes > draft.deck.length)
    throw new Error('the deck is exhausted (a stacked deck must hold every card the hand deals)');
  let position = 0;
  for (let k = 0; k < seatCount; k++) {
    const index = (first + k) % seatCount;
    if (draft.folded[index]) continue;
    const cards: Card[] = [];
    for (let p = 0; p < passes; p++) cards.push(draft.deck[draft.deckPos + position + p * dealt]);
    position++;
    hole[index] = hole[index].length ? hole[index].concat(cards) : cards;
    holeUp[index] = holeUp[index].length ? holeUp[index].concat(up) : up;
    // The event shares the arrays with the state: both are immutable values.
    ev.push({ type: 'hole-dealt', seat: draft.seats[index], cards, up });
  }
  draft.deckPos += dealt * passes;
  draft.hole = hole;
  draft.holeUp = holeUp;
  return false;
};

const dealBoard: DealStepHandler = (draft, step, ev) => {
  if (step.kind !== 'board') return false;
  const cards: Card[] = [];
  for (let k = 0; k < step.count; k++) cards.push(draw(draft));
  draft.board = draft.board.concat(cards);
  ev.push({ type: 'board-dealt', street: draft.street, cards });
  // Double-board bomb pot: the same count on the second board.
  if (draft.config.homeGame?.bombPot?.doubleBoard) dealSecondBoardStreet(draft, step.count, ev);
  return false;
};

/**
 * Deals the current street; returns false when a step cancelled the street's betting round, 'pause'
 * when a step waits for players (it must be the street's last step).
 */
function dealStreet(draft: Draft, ev: Events): boolean | 'pause' {
  let betting = true;
  const steps = draft.spec.streets[draft.street].deal;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    const core = step.kind === 'hole' ? dealHole : step.kind === 'board' ? dealBoard : undefined;
    const fn = core ?? rulesOf(draft.spec).dealSteps.get(step.kind);
    if (!fn) throw new Error(`no handler for deal step ${step.kind}`);
    const outcome = fn(draft, step, ev);
    if (outcome === 'no-betting') betting = false;
    else if (outcome === 'pause' && k === steps.length - 1) return 'pause';
    else if (outcome)
      throw new Error(
        `deal step ${step.kind} pauses the street: it must be the street's last step and its module must drive the hand`,
      );
  }
  return betting;
}

// ---------- forced bets ----------

/** Puts up to `amount` from player i's stack in; live chips count as his bet this round. */
export function post(draft: Draft, index: number, amount: number, live: boolean): number {
  const posted = Math.min(amount, draft.stacks[index]);
  draft.stacks[index] -= posted;
  draft.committed[index] += posted;
  if (live) draft.bets[index] += posted;
  if (draft.stacks[index] === 0) setAllIn(draft, index, true);
  return posted;
}

// ---------- betting round bookkeeping ----------

// Local on purpose (not `order.canAct`): it runs for every player on every action, and a
// cross-module call costs a getter under the CommonJS transform tsx/esbuild use.
function canAct(draft: Draft, index: number): boolean {
  return !draft.folded[index] && !draft.allIn[index];
}

export function liveCount(hand: Draft | HandState): number {
  let card = 0;
  for (let i = 0; i < hand.seats.length; i++) if (!hand.folded[i]) card++;
  return card;
}

function canActCount(draft: Draft): number {
  let card = 0;
  for (let i = 0; i < draft.seats.length; i++) if (canAct(draft, i)) card++;
  return card;
}

/** Whether player i still owes an action in this round. */
function needsToAct(draft: Draft, index: number): boolean {
  if (!canAct(draft, index)) return false;
  if (draft.acted[index] && draft.bets[index] >= draft.currentBet) return false;
  // Alone against all-in players whose bets he already covers: nothing to decide.
  let maxOther = 0;
  for (let j = 0; j < draft.seats.length; j++) {
    if (j === index || draft.folded[j]) continue;
    if (!draft.allIn[j]) return true;
    if (draft.bets[j] > maxOther) maxOther = draft.bets[j];
  }
  return draft.bets[index] < maxOther;
}

export function nextToAct(draft: Draft, from: number): number {
  const seatCount = draft.seats.length;
  for (let k = 0; k < seatCount; k++) {
    const index = (from + k) % seatCount;
    if (needsToAct(draft, index)) return index;
  }
  return -1;
}

/** Starts betting round bookkeeping for the current street. */
export function resetRound(draft: Draft): void {
  const seatCount = draft.seats.length;
  draft.currentBet = 0;
  draft.lastIncrement = openingIncrement(draft);
  draft.betCount = 0;
  draft.spreadStep = 0;
  draft.lastAggressor = -1;
  draft.acted = new Array<boolean>(seatCount).fill(false);
  draft.actedLevel = new Array<number>(seatCount).fill(0);
}

/** The part of the largest bet no one matched goes back to its owner: a return, not a win. */
function returnUncalled(draft: Draft, ev: Events): void {
  let top = -1;
  let topBet = 0;
  let second = 0;
  for (let i = 0; i < draft.seats.length; i++) {
    const bet = draft.bets[i];
    if (bet > topBet) {
      second = topBet;
      topBet = bet;
      top = i;
    } else if (bet > second) second = bet;
  }
  if (top >= 0 && topBet > second) {
    const back = topBet - second;
    // Only a player who was all-in for want of chips can act again (not one under disconnection protection).
    if (draft.stacks[top] === 0) setAllIn(draft, top, false);
    draft.bets[top] -= back;
    draft.committed[top] -= back;
    draft.stacks[top] += back;
    ev.push({ type: 'uncalled-bet-returned', seat: draft.seats[top], amount: back });
  }
}

function collectBets(draft: Draft, ev: Events): void {
  let any = false;
  for (let i = 0; i < draft.bets.length; i++) if (draft.bets[i] !== 0) any = true;
  if (any) draft.bets = new Array<number>(draft.seats.length).fill(0);
  ev.push({ type: 'bets-collected', pot: potTotal(draft) });
}

/** After an accepted action: the next player, or the end of the round / hand. */
export function afterAction(draft: Draft, ev: Events): void {
  if (liveCount(draft) === 1) return winWithoutShowdown(draft, ev);
  const next = nextToAct(draft, draft.toAct + 1);
  if (next >= 0) {
    draft.toAct = next;
    return;
  }
  closeRound(draft, ev);
}

/** Lets the first player of the current (already dealt) street act, or moves on if nobody needs to. */
export function openRound(draft: Draft, ev: Events): void {
  const street = draft.spec.streets[draft.street];
  // Bomb pot: no preflop betting, straight to the flop.
  if (street.betting && !(draft.street === 0 && draft.config.homeGame && isBombPot(draft.config))) {
    const first = nextToAct(draft, openerIndex(draft as HandState, street.opener));
    if (first >= 0) {
      draft.toAct = first;
      return;
    }
  }
  closeRound(draft, ev);
}

/** Ends the betting round and deals on until someone must act, or the hand is decided. */
export function closeRound(draft: Draft, ev: Events): void {
  draft.toAct = -1;
  returnUncalled(draft, ev);
  collectBets(draft, ev);
  nextStreets(draft, ev);
}

/** Whether the current street's betting round starts (its first player is set to act). */
function startBetting(draft: Draft, dealtBetting: boolean): boolean {
  const street = draft.spec.streets[draft.street];
  if (street.betting && dealtBetting && !draft.runout) {
    const first = nextToAct(draft, openerIndex(draft as HandState, street.opener));
    if (first >= 0) {
      draft.toAct = first;
      return true;
    }
  }
  return false;
}

export function nextStreets(draft: Draft, ev: Events): void {
  for (;;) {
    if (draft.street + 1 >= draft.spec.streets.length) {
      // Run it twice: the second run is dealt once the first is complete.
      if (draft.config.homeGame) dealSecondRun(draft, ev);
      return showdown(draft, ev);
    }
    if (!draft.runout && canActCount(draft) <= 1) {
      // Run it twice: the players still in are asked first (the hand waits in phase 'run-twice').
      if (draft.config.homeGame && liveCount(draft) > 1 && offerRunTwice(draft, ev)) return;
      draft.runout = true;
      ev.push({ type: 'runout', fromStreet: draft.street + 1 });
    }
    draft.street++;
    resetRound(draft);
    ev.push({ type: 'street-started', street: draft.street, name: draft.spec.streets[draft.street].name });
    const betting = dealStreet(draft, ev);
    if (betting === 'pause') return;
    if (startBetting(draft, betting)) return;
    // No betting on this street: it is collected empty and the next one follows.
  }
}

/**
 * After a paused deal step is done (the draw module's last draw): back to 'betting', the street's
 * betting round opens, or the hand moves on when nobody needs to act.
 */
export function resumeStreet(draft: Draft, ev: Events): void {
  draft.phase = 'betting';
  draft.toAct = -1;
  if (startBetting(draft, true)) return;
  nextStreets(draft, ev);
}

export { dealStreet };

// ---------- the end ----------

function finalStacks(draft: Draft): SeatConfig[] {
  return draft.seats.map((seat, i) => ({ seat, stack: draft.stacks[i] }));
}

const NO_RAKE = [0];
function takeRake(draft: Draft, pots: Pot[]): number[] {
  const fn = draft.config.rake;
  if (!fn) return pots.length === 1 ? NO_RAKE : new Array<number>(pots.length).fill(0);
  const rake = fn({
    pots: pots.map((p) => p.amount),
    playersDealt: draft.seats.length,
    dropEligible: draft.street >= draft.spec.rakeFromStreet,
  });
  if (rake.length !== pots.length) throw new Error('rake function must return one amount per pot');
  return rake.map((rake, potIndex) => {
    if (!Number.isInteger(rake) || rake < 0 || rake > pots[potIndex].amount)
      throw new Error(`rake ${rake} invalid for a pot of ${pots[potIndex].amount}`);
    return rake;
  });
}

function endHand(draft: Draft, ev: Events, carryOver = 0): void {
  draft.phase = 'complete';
  draft.toAct = -1;
  ev.push(
    carryOver > 0
      ? { type: 'hand-ended', stacks: finalStacks(draft), carryOver }
      : { type: 'hand-ended', stacks: finalStacks(draft) },
  );
}

export function winWithoutShowdown(draft: Draft, ev: Events): void {
  draft.toAct = -1;
  returnUncalled(draft, ev);
  collectBets(draft, ev);
  if (draft.config.homeGame && (draft.config.homeGame.sevenDeuceBounty ?? 0) > 0) {
    // 7-2 bounty tables: every uncontested winner may show his hand (or muck it) before he is paid;
    // asking every winner keeps the question from telling anyone what he holds. The table's timeout
    // answer is 'muck'. Until he answers the pot is unpaid (a cancelled hand refunds it as usual).
    draft.phase = 'show-or-muck';
    draft.toAct = draft.folded.indexOf(false);
    return;
  }
  awardUncontested(draft, ev);
  endUncontested(draft, ev);
}

function awardUncontested(draft: Draft, ev: Events): number {
  const winner = draft.folded.indexOf(false);
  const pot: Pot = { amount: potTotal(draft), eligible: [winner] };
  const [rake] = takeRake(draft, [pot]);
  const won = pot.amount - rake;
  draft.stacks[winner] += won;
  ev.push({
    type: 'pot-awarded',
    pot: 0,
    amount: pot.amount,
    rake,
    eligible: [draft.seats[winner]],
    shares: [{ seat: draft.seats[winner], amount: won, half: 'whole' }],
  });
  return winner;
}

/** The end of a hand won without a showdown: the rabbit hunt (home games), then the hand is over. */
function endUncontested(draft: Draft, ev: Events): void {
  if (draft.config.homeGame) rabbitHunt(draft, ev);
  endHand(draft, ev);
}

/** An uncontested winner's answer (hand/home `show` / `muck`): he is paid; a shown 7-2 offsuit collects the bounty. */
export function uncontestedShow(draft: Draft, ev: Events, show: boolean): void {
  const index = draft.toAct;
  draft.toAct = -1;
  ev.push({ type: 'x-winner-shows', seat: draft.seats[index], show });
  awardUncontested(draft, ev);
  if (show) {
    draft.shown = draft.shown.slice();
    draft.shown[index] = true;
    ev.push({ type: 'hand-shown', seat: draft.seats[index], cards: draft.hole[index].slice() });
    payBounty(
      draft,
      ev,
      draft.seats.map((_, j) => j === index),
    );
  }
  endUncontested(draft, ev);
}

/** After the run-it-twice answers: twice when every player asked accepted, then the board is run out. */
export function afterRunTwiceOffer(draft: Draft, ev: Events, twice: boolean): void {
  const ext = homeOf(draft)!;
  setHome(draft, { ...ext, offer: null, twice, runFrom: draft.street + 1 });
  draft.phase = 'betting';
  draft.toAct = -1;
  ev.push({ type: 'x-run-twice', twice });
  nextStreets(draft, ev);
}

/** Clockwise distance of player i from the first player left of the button (odd-chip order). */
function seatOrder(index: number, lob: number, seatCount: number): number {
  return (index - lob + seatCount) % seatCount;
}

/**
 * Pays `amount` equally to `winners`; odd chips one each starting nearest the button on the left, or
 * none under `oddChip: 'carry-over'`. Returns the chips left undivided.
 */
function pay(
  draft: Draft,
  amount: number,
  winners: number[],
  half: 'whole' | 'high' | 'low',
  shares: PotShare[],
  lob: number,
  board?: number,
): number {
  const seatCount = draft.seats.length;
  winners.sort((a, b) => seatOrder(a, lob, seatCount) - seatOrder(b, lob, seatCount));
  const winnerCount = winners.length;
  const share = Math.floor(amount / winnerCount);
  let rem = amount - share * winnerCount;
  const kept = draft.spec.oddChip === 'carry-over' ? rem : 0;
  rem -= kept;
  for (let w = 0; w < winnerCount; w++) {
    const index = winners[w];
    const amount = share + (rem > 0 ? 1 : 0);
    if (rem > 0) rem--;
    draft.stacks[index] += amount;
    shares.push(
      board === undefined
        ? { seat: draft.seats[index], amount: amount, half }
        : { seat: draft.seats[index], amount: amount, half, board },
    );
  }
  return kept;
}

type PotShare = { seat: number; amount: number; half: 'whole' | 'high' | 'low'; board?: number };

/** The players among `eligible` with the best value (ties included); none when nobody qualifies. */
function bestOf(vals: number[], eligible: number[], rank: ShowdownRanking, options: CompareOptions): number[] {
  let top = -1;
  for (let e = 0; e < eligible.length; e++) {
    const index = eligible[e];
    if (vals[index] >= 0 && (top < 0 || rank.compare(vals[index], vals[top], options) > 0)) top = index;
  }
  const out: number[] = [];
  if (top < 0) return out;
  for (let e = 0; e < eligible.length; e++) {
    const index = eligible[e];
    if (vals[index] >= 0 && rank.compare(vals[index], vals[top], options) === 0) out.push(index);
  }
  return out;
}

function showdown(draft: Draft, ev: Events): void {
  draft.toAct = -1;
  const seatCount = draft.seats.length;
  const spec = draft.spec;
  const high = rankingFor(spec.ranking.high);
  const low = spec.ranking.low ? rankingFor(spec.ranking.low) : null;
  // One board, or two (a double-board bomb pot, a board run twice): every pot is split between them.
  const boards = draft.config.homeGame ? boardsOf(draft) : [draft.board];
  const nb = boards.length;
  const his: number[][] = [];
  const los: number[][] = [];
  let live = 0;
  for (let i = 0; i < seatCount; i++) if (!draft.folded[i]) live++;
  for (let b = 0; b < nb; b++) {
    const hi = new Array<number>(seatCount);
    const lo = new Array<number>(seatCount);
    for (let i = 0; i < seatCount; i++) {
      hi[i] = lo[i] = -1;
      if (draft.folded[i]) continue;
      hi[i] = high.score(draft.hole[i], boards[b]);
      if (low) lo[i] = low.score(draft.hole[i], boards[b]);
    }
    his.push(hi);
    los.push(lo);
  }
  const options: CompareOptions = { headsUp: live === 2 };
  const pots = buildPots(draft.committed, draft.folded, tableDeadMoney(draft.config, draft.sbIndex, draft.bbIndex));
  if (draft.config.carryOver && pots.length) pots[0].amount += draft.config.carryOver;

  // Showdown order: the last bettor/raiser of the final round, else the variant's opener rule.
  const start = draft.lastAggressor >= 0 ? draft.lastAggressor : openerIndex(draft as HandState, spec.showdownOpener);
  let showAll = draft.config.showdown === 'show-all';
  // Every hand is tabled on Naiko (show-all) tables and whenever a player is all-in.
  for (let i = 0; i < seatCount && !showAll; i++) if (!draft.folded[i] && draft.allIn[i]) showAll = true;
  // Best shown hand per board and pot (player index, -1 = none shown yet).
  const bestHi = his.map(() => new Array<number>(pots.length).fill(-1));
  const bestLo = his.map(() => new Array<number>(pots.length).fill(-1));
  draft.shown = draft.shown.slice();
  for (let k0 = 0; k0 < seatCount; k0++) {
    const index = (start + k0) % seatCount;
    if (draft.folded[index]) continue;
    let show = showAll;
    // Classic tables: a hand is mucked when it cannot beat or tie a hand shown in any pot it plays for (on any board).
    for (let b = 0; b < nb && !show; b++) {
      const hi = his[b];
      const lo = los[b];
      for (let k = 0; k < pots.length && !show; k++) {
        if (!pots[k].eligible.includes(index)) continue;
        if (bestHi[b][k] < 0 || high.compare(hi[index], hi[bestHi[b][k]], options) >= 0) show = true;
        else if (low && lo[index] >= 0 && (bestLo[b][k] < 0 || low.compare(lo[index], lo[bestLo[b][k]], options) >= 0))
          show = true;
      }
    }
    if (show) {
      draft.shown[index] = true;
      for (let b = 0; b < nb; b++) {
        const hi = his[b];
        const lo = los[b];
        for (let k = 0; k < pots.length; k++) {
          if (!pots[k].eligible.includes(index)) continue;
          if (bestHi[b][k] < 0 || high.compare(hi[index], hi[bestHi[b][k]], options) > 0) bestHi[b][k] = index;
          if (low && lo[index] >= 0 && (bestLo[b][k] < 0 || low.compare(lo[index], lo[bestLo[b][k]], options) > 0))
            bestLo[b][k] = index;
        }
      }
      ev.push({ type: 'hand-shown', seat: draft.seats[index], cards: draft.hole[index].slice() });
    } else {
      ev.push({ type: 'hand-mucked', seat: draft.seats[index], cards: draft.hole[index].slice() });
    }
  }

  const rake = takeRake(draft, pots);
  const lob = leftOfButton(draft);
  let carryOver = 0;
  const won = new Array<boolean>(seatCount).fill(false);
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
        carryOver += pay(draft, per - loHalf, hiWinners, 'high', shares, lob, tag);
        carryOver += pay(draft, loHalf, loWinners, 'low', shares, lob, tag);
      } else carryOver += pay(draft, per, hiWinners, 'whole', shares, lob, tag);
    }
    const odd = amount - per * nb;
    if (odd > 0) {
      // The pot's odd chip between the boards: to the winner (of either board) nearest the button on the left.
      winnersAll.sort((a, b) => seatOrder(a, lob, seatCount) - seatOrder(b, lob, seatCount));
      const winner = winnersAll[0];
      draft.stacks[winner] += odd;
      const share = shares.find((x) => x.seat === draft.seats[winner]) as PotShare;
      share.amount += odd;
    }
    for (const share of shares) if (share.amount > 0) won[draft.seats.indexOf(share.seat)] = true;
    const eligible: number[] = [];
    for (const index of pot.eligible) eligible.push(draft.seats[index]);
    ev.push({ type: 'pot-awarded', pot: k, amount: pot.amount, rake: rake[k], eligible, shares });
  }
  if (draft.config.homeGame) payBounty(draft, ev, won);
  endHand(draft, ev, carryOver);
}
