import { BETTING_STRUCTURES, TABLE_GAMES, type BettingStructure } from '@naiko/engine';
import { fail } from './errors';
import { homeGameSettingsProblem, type HomeGameSettings } from './home-game';

/** A game the tables offer: the id of one of the engine's `TABLE_GAMES` (checked by `isGameId`). */
export type GameId = string;

export type { BettingStructure };
export const STRUCTURES: readonly BettingStructure[] = BETTING_STRUCTURES;

/**
 * How a game forces money in, which decides the table's between-hands rules:
 * `blinds` games have a moving big blind, new-player posts and missed blinds; `antes` games
 * (stud family, classic draw) charge everyone dealt in, so a newcomer simply plays the next hand.
 */
export type ForcedBetKind = 'blinds' | 'antes';

export interface GameInfo {
  forcedBets: ForcedBetKind;
  maxSeats: number;
  /** Draw games: a timeout during a draw stands pat (house rules). */
  draws: boolean;
  /**
   * Missed-blind procedure of five-card-draw-7a ("ML"): a player the big blind passed must "post
   * all" (big live + small dead). Elsewhere (house rules) a missed big alone costs the big blind.
   */
  postAllOnMissedBig?: boolean;
  /** Structures the game is played in (the engine's spec). */
  structures: readonly BettingStructure[];
}

/** Seat limits, forced bets and structures per game, from the engine's list of games. */
export const GAMES: Readonly<Record<GameId, GameInfo>> = Object.fromEntries(
  TABLE_GAMES.map((game) => [
    game.id,
    {
      forcedBets: game.forcedBets,
      maxSeats: game.maxSeats,
      draws: game.draws,
      ...(game.postAllOnMissedBig ? { postAllOnMissedBig: true } : {}),
      structures: game.structures,
    },
  ]),
);

export const isGameId = (id: string): id is GameId => Object.prototype.hasOwnProperty.call(GAMES, id);

/** Table stakes; the engine reads the same names (`smallBlind`, `bigBlind`, `ante`, ...). */
export interface TableStakes {
  smallBlind: number;
  bigBlind: number;
  ante?: number;
  bringIn?: number;
  smallBet?: number;
  bigBet?: number;
  spreadLimits?: number[];
}

export interface ClockSettings {
  /** Time for one betting decision. */
  decisionMs: number;
  /** Each player's time bank when he sits down (also its cap). 0 = no time bank. */
  timeBankMs: number;
  /** Added to a player's time bank for every hand he is dealt into, up to `timeBankMs`. */
  timeBankRefillPerHandMs: number;
  /** Draw decisions (house rules: 30 s, then the player stands pat). */
  drawDecisionMs: number;
  /** Naiko Seal Shield response window (naiko: 8 s). */
  shieldResponseMs: number;
  /** How long a disconnected player keeps his seat in play before he is sat out. */
  reconnectWindowMs: number;
}

export interface PrivateSettings {
  hostId: string;
  /** Player ids invited by username (the platform resolves usernames to ids). */
  invited: string[];
  /** A code that lets anyone holding it sit down (an invite link carries it); null = invitations only. */
  inviteCode: string | null;
  /**
   * "Spectators allowed": anyone may watch the table (never sit without an invitation). Off (or
   * absent, as in configs stored before the setting existed): only the host, invited players,
   * holders of the invite code, players seated there and admins watch.
   */
  spectatorsAllowed?: boolean;
}

export interface TableConfig {
  game: GameId;
  structure: BettingStructure;
  stakes: TableStakes;
  /** Table stakes: min on every table; max on PL, ½PL and NL tables, none on Fixed/Spread Limit. */
  buyIn: { min: number; max: number | null };
  /** Number of seats, 2..10 and at most the game's limit. */
  seats: number;
  clock: ClockSettings;
  botsAllowed: boolean;
  /** Naiko mode: No-Limit Hold'em with powers and sparks. */
  naikoMode: boolean;
  private: PrivateSettings | null;
  /** How long the head of the waiting list may take a freed seat before the offer passes on. */
  seatOfferMs: number;
  /** Disconnection protection ("artificial all-in") uses per player per 24 h; used only in Fixed and Spread Limit. */
  protectionsPerDay: number;
  /** Home-game options (run it twice, straddle, bomb pots, 7-2 bounty, rabbit hunt); absent = none. */
  homeGame?: HomeGameSettings;
}

export const DEFAULT_CLOCK: ClockSettings = {
  decisionMs: 20_000,
  timeBankMs: 30_000,
  timeBankRefillPerHandMs: 0,
  drawDecisionMs: 30_000,
  shieldResponseMs: 8_000,
  reconnectWindowMs: 120_000,
};

export const isLimitStructure = (s: BettingStructure): boolean => s === 'fixed-limit' || s === 'spread-limit';

const posInt = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n > 0;
const nonNegInt = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Fills defaults and validates; throws `INVALID_CONFIG` naming the first bad field. */
export function makeTableConfig(
  input: Omit<TableConfig, 'clock' | 'botsAllowed' | 'naikoMode' | 'private' | 'seatOfferMs' | 'protectionsPerDay'> &
    Partial<TableConfig>,
): TableConfig {
  const config: TableConfig = {
    botsAllowed: false,
    naikoMode: false,
    private: null,
    seatOfferMs: 30_000,
    protectionsPerDay: 3,
    ...input,
    clock: { ...DEFAULT_CLOCK, ...(input.clock ?? {}) },
  };
  validateTableConfig(config);
  return config;
}

export function validateTableConfig(tableConfig: TableConfig): void {
  const bad = (field: string, why: string): never => fail('INVALID_CONFIG', `${field}: ${why}`);
  if (!isGameId(tableConfig.game)) bad('game', `unknown game ${JSON.stringify(tableConfig.game)}`);
  const game = GAMES[tableConfig.game];
  if (!STRUCTURES.includes(tableConfig.structure))
    bad('structure', `unknown structure ${JSON.stringify(tableConfig.structure)}`);
  if (!game.structures.includes(tableConfig.structure))
    bad('structure', `${tableConfig.game} is not played ${tableConfig.structure}`);
  if (!Number.isInteger(tableConfig.seats) || tableConfig.seats < 2 || tableConfig.seats > 10)
    bad('seats', 'must be 2..10');
  if (tableConfig.seats > game.maxSeats) bad('seats', `${tableConfig.game} seats at most ${game.maxSeats}`);
  const tableStakes = tableConfig.stakes;
  // The big blind is also every game's minimum bet (the engine's `stakes.bigBlind`), so it is always positive.
  if (!posInt(tableStakes.bigBlind)) bad('stakes.bigBlind', 'must be a positive integer');
  if (!nonNegInt(tableStakes.smallBlind) || tableStakes.smallBlind > tableStakes.bigBlind)
    bad('stakes.smallBlind', 'must be an integer 0..bigBlind');
  if (game.forcedBets === 'antes' && !posInt(tableStakes.ante))
    bad('stakes.ante', `${tableConfig.game} needs a positive ante`);
  if (tableStakes.ante !== undefined && !nonNegInt(tableStakes.ante))
    bad('stakes.ante', 'must be a non-negative integer');
  if (!posInt(tableConfig.buyIn.min)) bad('buyIn.min', 'must be a positive integer');
  if (isLimitStructure(tableConfig.structure)) {
    // House rules (Danish buy-in table): Fixed Limit tables have a minimum and no maximum.
    if (tableConfig.buyIn.max !== null) bad('buyIn.max', `${tableConfig.structure} tables have no maximum buy-in`);
  } else {
    if (tableConfig.buyIn.max === null || !posInt(tableConfig.buyIn.max))
      bad('buyIn.max', `${tableConfig.structure} tables need a maximum buy-in`);
    if ((tableConfig.buyIn.max as number) < tableConfig.buyIn.min) bad('buyIn.max', 'must be at least the minimum');
  }
  const clockSettings = tableConfig.clock;
  if (!posInt(clockSettings.decisionMs)) bad('clock.decisionMs', 'must be a positive integer');
  for (const field of ['timeBankMs', 'timeBankRefillPerHandMs', 'reconnectWindowMs'] as const) {
    if (!nonNegInt(clockSettings[field])) bad(`clock.${field}`, 'must be a non-negative integer');
  }
  if (!posInt(clockSettings.drawDecisionMs)) bad('clock.drawDecisionMs', 'must be a positive integer');
  if (!posInt(clockSettings.shieldResponseMs)) bad('clock.shieldResponseMs', 'must be a positive integer');
  if (tableConfig.naikoMode && (tableConfig.game !== 'holdem' || tableConfig.structure !== 'no-limit')) {
    bad('naikoMode', "Naiko mode is No-Limit Texas Hold'em");
  }
  if (!nonNegInt(tableConfig.seatOfferMs)) bad('seatOfferMs', 'must be a non-negative integer');
  if (!nonNegInt(tableConfig.protectionsPerDay)) bad('protectionsPerDay', 'must be a non-negative integer');
  const home = homeGameSettingsProblem(tableConfig);
  if (home) bad(home.field, home.message);
  if (tableConfig.private) {
    if (typeof tableConfig.private.hostId !== 'string' || tableConfig.private.hostId === '')
      bad('private.hostId', 'required');
    if (!Array.isArray(tableConfig.private.invited)) bad('private.invited', 'must be a list');
  }
}
