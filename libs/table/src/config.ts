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

export function validateTableConfig(c: TableConfig): void {
  const bad = (field: string, why: string): never => fail('INVALID_CONFIG', `${field}: ${why}`);
  if (!isGameId(c.game)) bad('game', `unknown game ${JSON.stringify(c.game)}`);
  const game = GAMES[c.game];
  if (!STRUCTURES.includes(c.structure)) bad('structure', `unknown structure ${JSON.stringify(c.structure)}`);
  if (!game.structures.includes(c.structure)) bad('structure', `${c.game} is not played ${c.structure}`);
  if (!Number.isInteger(c.seats) || c.seats < 2 || c.seats > 10) bad('seats', 'must be 2..10');
  if (c.seats > game.maxSeats) bad('seats', `${c.game} seats at most ${game.maxSeats}`);
  const s = c.stakes;
  // The big blind is also every game's minimum bet (the engine's `stakes.bigBlind`), so it is always positive.
  if (!posInt(s.bigBlind)) bad('stakes.bigBlind', 'must be a positive integer');
  if (!nonNegInt(s.smallBlind) || s.smallBlind > s.bigBlind) bad('stakes.smallBlind', 'must be an integer 0..bigBlind');
  if (game.forcedBets === 'antes' && !posInt(s.ante)) bad('stakes.ante', `${c.game} needs a positive ante`);
  if (s.ante !== undefined && !nonNegInt(s.ante)) bad('stakes.ante', 'must be a non-negative integer');
  if (!posInt(c.buyIn.min)) bad('buyIn.min', 'must be a positive integer');
  if (isLimitStructure(c.structure)) {
    // House rules (Danish buy-in table): Fixed Limit tables have a minimum and no maximum.
    if (c.buyIn.max !== null) bad('buyIn.max', `${c.structure} tables have no maximum buy-in`);
  } else {
    if (c.buyIn.max === null || !posInt(c.buyIn.max)) bad('buyIn.max', `${c.structure} tables need a maximum buy-in`);
    if ((c.buyIn.max as number) < c.buyIn.min) bad('buyIn.max', 'must be at least the minimum');
  }
  const k = c.clock;
  if (!posInt(k.decisionMs)) bad('clock.decisionMs', 'must be a positive integer');
  for (const f of ['timeBankMs', 'timeBankRefillPerHandMs', 'reconnectWindowMs'] as const) {
    if (!nonNegInt(k[f])) bad(`clock.${f}`, 'must be a non-negative integer');
  }
  if (!posInt(k.drawDecisionMs)) bad('clock.drawDecisionMs', 'must be a positive integer');
  if (!posInt(k.shieldResponseMs)) bad('clock.shieldResponseMs', 'must be a positive integer');
  if (c.naikoMode && (c.game !== 'holdem' || c.structure !== 'no-limit')) {
    bad('naikoMode', "Naiko mode is No-Limit Texas Hold'em");
  }
  if (!nonNegInt(c.seatOfferMs)) bad('seatOfferMs', 'must be a non-negative integer');
  if (!nonNegInt(c.protectionsPerDay)) bad('protectionsPerDay', 'must be a non-negative integer');
  const home = homeGameSettingsProblem(c);
  if (home) bad(home.field, home.message);
  if (c.private) {
    if (typeof c.private.hostId !== 'string' || c.private.hostId === '') bad('private.hostId', 'required');
    if (!Array.isArray(c.private.invited)) bad('private.invited', 'must be a list');
  }
}
