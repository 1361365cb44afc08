import { isLimitStructure, type BettingStructure } from './config';

/**
 * The decision clock (docs/rules/naiko.de.txt §7). Pure arithmetic on times passed in: the table host keeps one timer
 * per decision and asks these functions what the deadline is and what to do when it passes.
 */

/** `offer`: a home-game offer (run it twice, show or muck): a short fixed time like the shield window, no time bank. */
export type DecisionKind = 'bet' | 'draw' | 'shield' | 'offer';

/** Which clock a decision gets, from the engine's legal actions for it. */
export function decisionKindOf(actions: readonly string[]): DecisionKind {
  if (actions.includes('draw')) return 'draw';
  if (actions.includes('decline')) return 'shield';
  if (actions.includes('run-once') || actions.includes('muck')) return 'offer';
  return 'bet';
}

export interface DecisionClock {
  kind: DecisionKind;
  startedAt: number;
  /** End of the normal decision time. */
  deadline: number;
  /** The player's time bank when the decision started (betting decisions only). */
  timeBankMs: number;
  /**
   * Accessibility "extended time" (issue 27): the least time the decision runs past `deadline`
   * (0 when the player has not asked for it). The time bank is spent first within it; see
   * `extendedTimeMs`. Absent without the option.
   */
  extensionMs?: number;
}

export interface ClockConfig {
  decisionMs: number;
  drawDecisionMs: number;
  shieldResponseMs: number;
}

/** Extended time gives every decision this many times its normal time, at least. */
export const EXTENDED_TIME_FACTOR = 2;

/**
 * Accessibility "extended time" (issue 27), for a player who reads the table with a screen reader
 * or plays with the keyboard alone. A decision of normal time T gets an extension of
 * (EXTENDED_TIME_FACTOR − 1) × T after its deadline, **paid from the time bank first**: the time he
 * spends past the deadline comes off his bank exactly as without the option, so the option only
 * adds time once the bank is short. Total time: T + max(bank, extension). E.g. 20 s with a 30 s
 * bank: 50 s either way, bank spent as usual; 20 s with a 5 s bank: 40 s instead of 25 s, and the
 * bank is empty after 5 s of the extension.
 */
export function extendedTimeMs(normalMs: number): number {
  return (EXTENDED_TIME_FACTOR - 1) * normalMs;
}

/**
 * Starts a decision's clock: betting decisions may run into the time bank; draws, shield windows and
 * home-game offers (`shieldResponseMs`) have a fixed time. `extendedTime` adds the accessibility
 * extension to any kind of decision.
 */
export function startDecision(
  kind: DecisionKind,
  now: number,
  clock: ClockConfig,
  timeBankMs: number,
  options: { extendedTime?: boolean } = {},
): DecisionClock {
  const ms = kind === 'bet' ? clock.decisionMs : kind === 'draw' ? clock.drawDecisionMs : clock.shieldResponseMs;
  return {
    kind,
    startedAt: now,
    deadline: now + ms,
    timeBankMs: kind === 'bet' ? timeBankMs : 0,
    ...(options.extendedTime ? { extensionMs: extendedTimeMs(ms) } : {}),
  };
}

/** The moment the decision finally times out: the deadline plus the time bank, or the extension when that is longer. */
export const finalDeadline = (c: DecisionClock): number => c.deadline + Math.max(c.timeBankMs, c.extensionMs ?? 0);

export interface ClockStatus {
  phase: 'decision' | 'timeBank' | 'expired';
  /** Milliseconds left in the current phase (0 when expired). */
  remainingMs: number;
  /** Time bank consumed so far. */
  timeBankUsedMs: number;
}

export function clockStatus(decisionClock: DecisionClock, now: number): ClockStatus {
  if (now < decisionClock.deadline)
    return { phase: 'decision', remainingMs: decisionClock.deadline - now, timeBankUsedMs: 0 };
  // The bank goes first, also within an extension: what is used of it does not depend on the option.
  const used = Math.min(now - decisionClock.deadline, decisionClock.timeBankMs);
  if (now < finalDeadline(decisionClock))
    return { phase: 'timeBank', remainingMs: finalDeadline(decisionClock) - now, timeBankUsedMs: used };
  return { phase: 'expired', remainingMs: 0, timeBankUsedMs: decisionClock.timeBankMs };
}

/** Time bank left to the player after he acted at `now` (or timed out). */
export const timeBankAfter = (c: DecisionClock, now: number): number =>
  c.timeBankMs - clockStatus(c, now).timeBankUsedMs;

/** The legal action kinds the engine offers the player whose clock ran out. */
export interface TimeoutContext {
  kind: DecisionKind;
  legal: readonly string[];
  structure: BettingStructure;
  /** The player is disconnected right now. */
  disconnected: boolean;
  /** Chips he already put into this hand (antes and blinds included). */
  committed: number;
  /** The player still has a disconnection protection left in the rolling 24 h (see protection.ts). */
  protectionAvailable: boolean;
  /**
   * A cash table (public or private). Sit & Go, Spin and scheduled-tournament tables never protect:
   * the rule texts allow it only in cash games ("kun i kontantspil"); the clock checks/folds there.
   */
  cashTable: boolean;
}

export type TimeoutAction =
  | { type: 'check' }
  /** Stud: the forced bring-in cannot be checked or folded; a timeout posts it (engine action). */
  | { type: 'bring-in' }
  | { type: 'fold' }
  /** Draw games: the player stands pat and may not bet or raise in the next round (engine action). */
  | { type: 'standPatByTimeout' }
  /** Naiko Seal Shield window: silence declines; the anchor applies at no cost to the defender. */
  | { type: 'decline' }
  /**
   * Disconnection protection: the player stays in for what he has put in, as if all-in (house rules, "Künstliches
   * All-In").
   */
  | { type: 'artificialAllIn' }
  /** Home games: silence never agrees to run the board twice (engine action) ... */
  | { type: 'run-once' }
  /** ... nor shows an uncontested winner's hand (engine action). */
  | { type: 'muck' };

/**
 * What the table does when a decision times out: check if legal, else fold; a draw stands pat;
 * a shield window declines. At a cash table, a disconnected player in a Fixed or Spread Limit game
 * who already has money in the pot and a protection left is treated as all-in instead of folding.
 */
export function timeoutAction(ctx: TimeoutContext): TimeoutAction {
  if (ctx.kind === 'draw') return { type: 'standPatByTimeout' };
  if (ctx.kind === 'shield') return { type: 'decline' };
  // Home-game offers (the engine's `extensions.home.timeoutAction`): the answer that changes nothing.
  if (ctx.legal.includes('run-once')) return { type: 'run-once' };
  if (ctx.legal.includes('muck')) return { type: 'muck' };
  if (ctx.legal.includes('bring-in')) return { type: 'bring-in' };
  if (ctx.legal.includes('check')) return { type: 'check' };
  if (
    ctx.cashTable &&
    ctx.disconnected &&
    isLimitStructure(ctx.structure) &&
    ctx.committed > 0 &&
    ctx.protectionAvailable
  ) {
    return { type: 'artificialAllIn' };
  }
  return { type: 'fold' };
}
