/**
 * Rebuys and add-ons: eligibility and the live prize pool. Pure: the caller passes where the clock
 * stands (`ClockPosition` from `levelAt`) and the player's state; recording the purchase in the ledger
 * is the caller's job.
 *
 * Rules:
 * - Rebuy period: levels 1..`rebuyUntilLevel`, and the breaks inside it (a break after level k <
 *   `rebuyUntilLevel`). The break right after the last rebuy level is not in the period: it is the
 *   add-on break.
 * - A rebuy needs a stack at or below the starting stack (0 = busted counts) and fewer than
 *   `maxRebuys` rebuys already bought.
 * - Add-on (optional): one per player, to any player still in (stack > 0), at the end of the rebuy
 *   period: `addOnWindow: 'break'` → only during the break that follows level `rebuyUntilLevel`;
 *   `'last-level'` → during level `rebuyUntilLevel` and that break if there is one.
 * - Live prize pool: entries × buy-in + rebuys × rebuy price + add-ons × add-on price; fees go to the
 *   house and are reported apart.
 */
import type { ClockPosition } from './blinds';
import { RebuyError } from './errors';

export interface Purchase {
  readonly chips: number;
  /** Goes to the prize pool. */
  readonly price: number;
  /** Goes to the house. */
  readonly fee: number;
}

export interface RebuyConfig {
  readonly startingStack: number;
  readonly rebuyUntilLevel: number;
  readonly maxRebuys: number;
  readonly rebuy: Purchase;
  readonly addOn: (Purchase & { readonly window: 'break' | 'last-level' }) | null;
}

export interface RebuyPlayerState {
  readonly stack: number;
  readonly rebuysUsed: number;
  readonly addOnUsed: boolean;
}

export type RebuyRefusal =
  | 'rebuy-period-over'
  | 'stack-above-starting'
  | 'rebuy-limit-reached'
  | 'no-add-on'
  | 'not-add-on-time'
  | 'add-on-used'
  | 'busted';

export type Eligibility = { readonly ok: true } | { readonly ok: false; readonly reason: RebuyRefusal };

const isNonNegInt = (n: number) => Number.isSafeInteger(n) && n >= 0;
const isPosInt = (n: number) => Number.isSafeInteger(n) && n > 0;

export function validateRebuyConfig(config: RebuyConfig): RebuyConfig {
  const purchaseOk = (p: Purchase) => isPosInt(p.chips) && isNonNegInt(p.price) && isNonNegInt(p.fee);
  if (
    !isPosInt(config.startingStack) ||
    !isPosInt(config.rebuyUntilLevel) ||
    !isNonNegInt(config.maxRebuys) ||
    !purchaseOk(config.rebuy) ||
    (config.addOn !== null && (!purchaseOk(config.addOn) || !['break', 'last-level'].includes(config.addOn.window)))
  ) {
    throw new RebuyError(
      'bad-config',
      'rebuy config: positive integer stack, level and chips; non-negative counts and prices',
    );
  }
  return config;
}

function checkPlayer(playerState: RebuyPlayerState): void {
  if (!isNonNegInt(playerState.stack) || !isNonNegInt(playerState.rebuysUsed)) {
    throw new RebuyError('bad-count', 'stack and rebuys used are non-negative integers');
  }
}

/** Is the clock inside the rebuy period? */
export function inRebuyPeriod(config: RebuyConfig, clock: ClockPosition): boolean {
  return clock.kind === 'level'
    ? clock.levelNumber <= config.rebuyUntilLevel
    : clock.afterLevelNumber < config.rebuyUntilLevel;
}

export function canRebuy(config: RebuyConfig, clock: ClockPosition, player: RebuyPlayerState): Eligibility {
  validateRebuyConfig(config);
  checkPlayer(player);
  if (!inRebuyPeriod(config, clock)) return { ok: false, reason: 'rebuy-period-over' };
  if (player.rebuysUsed >= config.maxRebuys) return { ok: false, reason: 'rebuy-limit-reached' };
  if (player.stack > config.startingStack) return { ok: false, reason: 'stack-above-starting' };
  return { ok: true };
}

export function canAddOn(config: RebuyConfig, clock: ClockPosition, player: RebuyPlayerState): Eligibility {
  validateRebuyConfig(config);
  checkPlayer(player);
  if (config.addOn === null) return { ok: false, reason: 'no-add-on' };
  const lastRebuyLevel = config.rebuyUntilLevel;
  const inBreakAfter = clock.kind === 'break' && clock.afterLevelNumber === lastRebuyLevel;
  const inLastLevel = clock.kind === 'level' && clock.levelNumber === lastRebuyLevel;
  const open = config.addOn.window === 'break' ? inBreakAfter : inBreakAfter || inLastLevel;
  if (!open) return { ok: false, reason: 'not-add-on-time' };
  if (player.addOnUsed) return { ok: false, reason: 'add-on-used' };
  if (player.stack === 0) return { ok: false, reason: 'busted' };
  return { ok: true };
}

export interface PurchaseCounts {
  readonly entries: number;
  readonly rebuys: number;
  readonly addOns: number;
}

export interface LivePrizePool {
  readonly prizePool: number;
  readonly fees: number;
  /** Chips in play from these purchases (starting stacks + rebuy chips + add-on chips). */
  readonly chipsInPlay: number;
}

/**
 * The prize pool as it stands: every entry's buy-in plus every rebuy and add-on price. Fees apart.
 * `entry` is the tournament's buy-in (price) and fee; its chips are the starting stack.
 */
export function livePrizePool(
  config: RebuyConfig,
  entry: { readonly price: number; readonly fee: number },
  counts: PurchaseCounts,
): LivePrizePool {
  validateRebuyConfig(config);
  if (!isNonNegInt(entry.price) || !isNonNegInt(entry.fee)) {
    throw new RebuyError('bad-config', 'buy-in and fee are non-negative integers');
  }
  if (![counts.entries, counts.rebuys, counts.addOns].every(isNonNegInt)) {
    throw new RebuyError('bad-count', 'purchase counts are non-negative integers');
  }
  if (counts.addOns > 0 && config.addOn === null) throw new RebuyError('bad-count', 'add-ons counted but none offered');
  const addOn = config.addOn ?? { chips: 0, price: 0, fee: 0 };
  const out = {
    prizePool: counts.entries * entry.price + counts.rebuys * config.rebuy.price + counts.addOns * addOn.price,
    fees: counts.entries * entry.fee + counts.rebuys * config.rebuy.fee + counts.addOns * addOn.fee,
    chipsInPlay:
      counts.entries * config.startingStack + counts.rebuys * config.rebuy.chips + counts.addOns * addOn.chips,
  };
  if (!Object.values(out).every(Number.isSafeInteger))
    throw new RebuyError('bad-count', 'totals exceed the safe integer range');
  return out;
}

/**
 * A bust during the rebuy period is not final (TDA practice, PokerStars' rebuy tournaments): the
 * busted player may rebuy until the period ends — his entry comes back with the rebuy's chips at a
 * free seat. His place is given when the period ends (in bust order, like the busts during late
 * registration) if he has not rebought by then; declining only means not rebuying. Outside the
 * period, or in a tournament without rebuys, a bust is final at once.
 */
export function bustIsFinal(config: RebuyConfig | null, clock: ClockPosition): boolean {
  if (config === null || config.maxRebuys === 0) return true;
  return !inRebuyPeriod(config, clock);
}
