// HTTP bodies and queries of the lobby and private tables (issue 6), validated with zod.
import { z } from 'zod';
import { BETTING_STRUCTURES, TABLE_GAMES } from '@naiko/engine/variants/catalog';
import { safeText } from '../text';

const chips = z.number().int().positive().max(1_000_000_000_000);
const ms = z.number().int().min(0).max(600_000);

/**
 * The games tables offer and their metadata (name, structures, seats, deck, PHH codes), from the
 * engine's one list of games (`@naiko/engine/variants/catalog`, plain data the web client bundles too).
 */
export { TABLE_GAMES, type VariantInfo } from '@naiko/engine/variants/catalog';
export const GAME_IDS = TABLE_GAMES.map((game) => game.id) as [string, ...string[]];
export const STRUCTURE_IDS = [...BETTING_STRUCTURES] as [string, ...string[]];
/** Flop games (a community board and blinds): the games of the home-game options, Sit & Go and tournaments. */
export const FLOP_GAME_IDS = TABLE_GAMES.filter((game) => game.flop).map((game) => game.id) as [string, ...string[]];

export const StakesBody = z.strictObject({
  smallBlind: z.number().int().min(0).max(1_000_000_000),
  bigBlind: chips,
  ante: z.number().int().min(0).max(1_000_000_000).optional(),
  bringIn: chips.optional(),
  smallBet: chips.optional(),
  bigBet: chips.optional(),
  spreadLimits: z.array(chips).max(8).optional(),
});

export const ClockBody = z.strictObject({
  decisionMs: ms.optional(),
  timeBankMs: ms.optional(),
  timeBankRefillPerHandMs: ms.optional(),
  drawDecisionMs: ms.optional(),
  shieldResponseMs: ms.optional(),
  reconnectWindowMs: ms.optional(),
});

/** The largest big blind a cash or private table may have (issue 19.8: a 10^12 big blind was accepted). */
export const MAX_BIG_BLIND = 1_000_000_000;

/**
 * What is wrong with a cash table's stakes and buy-in together, or null: the big blind at most
 * MAX_BIG_BLIND, the small blind at most the big blind, a minimum buy-in of at least one big blind
 * (and the ante), a maximum at least the minimum. Checked on creation and on every settings change
 * (against the table's resulting stakes and buy-in).
 */
export function cashTableLimitsProblem(
  stakes: { smallBlind: number; bigBlind: number; ante?: number },
  buyIn: { min: number; max: number | null },
): { path: string[]; message: string } | null {
  if (stakes.bigBlind > MAX_BIG_BLIND)
    return { path: ['stakes', 'bigBlind'], message: `must be at most ${MAX_BIG_BLIND}` };
  if (stakes.smallBlind > stakes.bigBlind)
    return { path: ['stakes', 'smallBlind'], message: 'must be at most the big blind' };
  if (buyIn.min < stakes.bigBlind) return { path: ['buyIn', 'min'], message: 'must be at least the big blind' };
  if (stakes.ante !== undefined && buyIn.min < stakes.ante)
    return { path: ['buyIn', 'min'], message: 'must be at least the ante' };
  if (buyIn.max !== null && buyIn.max < buyIn.min)
    return { path: ['buyIn', 'max'], message: 'must be at least the minimum buy-in' };
  return null;
}

/**
 * Home-game options of a table (issue 23; the rules are the engine's `hand/home`, the bomb-pot counter
 * `@naiko/table`'s `home-game.ts`). Every field optional; absent = off.
 */
export const HomeGameBody = z.strictObject({
  /** Offer to run the board twice when all-in; every player still in must agree (a timeout declines). */
  runItTwice: z.boolean().optional(),
  /** UTG straddles 2 × the big blind on every hand with at least 4 players dealt in. */
  straddle: z.boolean().optional(),
  /**
   * Bomb pots: everyone antes `ante`, no preflop betting; every `everyHands` hands (null = only when the host asks);
   * optional double board.
   */
  bombPot: z
    .strictObject({
      ante: chips.max(1_000_000_000),
      everyHands: z.number().int().min(2).max(1000).nullable().optional(),
      doubleBoard: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  /** 7-2 bounty (Hold'em): what every other player dealt in pays a shown 7-2 offsuit winner; 0 = off. */
  sevenDeuceBounty: z.number().int().min(0).max(1_000_000_000).optional(),
  /** Rabbit hunt (off by default): show the board that would have come. */
  rabbitHunt: z.boolean().optional(),
});
export type HomeGameBody = z.infer<typeof HomeGameBody>;

/**
 * What is wrong with home-game options for a table's game, or null: straddle, bomb pot, run it twice
 * and rabbit hunt only in flop games (Hold'em, the Omaha family); the straddle only in No Limit, Pot
 * Limit or Half Pot Limit; the 7-2 bounty only in Texas Hold'em; none in Naiko mode. The same rules as
 * the engine's `homeGameProblem` (the table re-checks every config with it).
 */
export function homeGameBodyProblem(body: {
  game: string;
  structure: string;
  naikoMode?: boolean;
  homeGame?: HomeGameBody | null;
}): { path: string[]; message: string } | null {
  const homeGame = body.homeGame;
  if (!homeGame) return null;
  const on = (k: keyof HomeGameBody): boolean =>
    k === 'sevenDeuceBounty' ? (homeGame.sevenDeuceBounty ?? 0) > 0 : !!homeGame[k];
  const keys = (['runItTwice', 'straddle', 'bombPot', 'sevenDeuceBounty', 'rabbitHunt'] as const).filter(on);
  if (!keys.length) return null;
  if (body.naikoMode) return { path: ['homeGame'], message: 'home-game options are not played in Naiko mode' };
  const flop = FLOP_GAME_IDS.includes(body.game);
  for (const option of ['runItTwice', 'straddle', 'bombPot', 'rabbitHunt'] as const) {
    if (on(option) && !flop)
      return { path: ['homeGame', option], message: `needs a flop game (Hold'em or Omaha), not ${body.game}` };
  }
  if (on('straddle') && (body.structure === 'fixed-limit' || body.structure === 'spread-limit'))
    return { path: ['homeGame', 'straddle'], message: 'only in No Limit, Pot Limit or Half Pot Limit' };
  if (on('sevenDeuceBounty') && body.game !== 'holdem')
    return { path: ['homeGame', 'sevenDeuceBounty'], message: `only in Texas Hold'em, not ${body.game}` };
  return null;
}

/** A table: game, structure, blinds/antes, buy-in range, seats, clock, bots, Naiko mode, home-game options. */
export const CreateTableBody = z
  .strictObject({
    name: safeText(1, 64),
    game: z.enum(GAME_IDS),
    structure: z.enum(STRUCTURE_IDS),
    stakes: StakesBody,
    buyIn: z.strictObject({ min: chips, max: chips.nullable() }),
    seats: z.number().int().min(2).max(10),
    clock: ClockBody.optional(),
    botsAllowed: z.boolean().optional(),
    naikoMode: z.boolean().optional(),
    homeGame: HomeGameBody.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = cashTableLimitsProblem(body.stakes, body.buyIn);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    const home = homeGameBodyProblem(body);
    if (home) ctx.addIssue({ code: 'custom', path: home.path, message: home.message });
  });
export type CreateTableBody = z.infer<typeof CreateTableBody>;

/** Host-only settings, applied between hands. */
export const TableSettingsBody = z.strictObject({
  structure: z.enum(STRUCTURE_IDS).optional(),
  stakes: StakesBody.optional(),
  buyIn: z.strictObject({ min: chips, max: chips.nullable() }).optional(),
  clock: ClockBody.optional(),
  botsAllowed: z.boolean().optional(),
  naikoMode: z.boolean().optional(),
  /** Private tables only: anyone may watch (not sit). */
  spectatorsAllowed: z.boolean().optional(),
  /** Home-game options (checked against the table's game with `homeGameBodyProblem`; the table re-validates). */
  homeGame: HomeGameBody.optional(),
});
export type TableSettingsBody = z.infer<typeof TableSettingsBody>;

export const InviteBody = z.strictObject({ username: safeText(1, 32) });
export type InviteBody = z.infer<typeof InviteBody>;

/** Lobby filters (query strings). */
export const TablesQuery = z.strictObject({
  game: z.enum(GAME_IDS).optional(),
  structure: z.enum(STRUCTURE_IDS).optional(),
  /** Big blind between these (inclusive). */
  minBigBlind: z.coerce.number().int().min(0).optional(),
  maxBigBlind: z.coerce.number().int().min(0).optional(),
  /** At least this many free seats. */
  seatsFree: z.coerce.number().int().min(0).max(10).optional(),
  naikoMode: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TablesQuery = z.infer<typeof TablesQuery>;
