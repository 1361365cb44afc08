// The room core's options and the shapes its callers use (../table-host.ts re-exports them).
import type { RandomSource } from '@naiko/engine';
import type { TableConfig } from '@naiko/table';
import type { BlindSchedule } from '../blind-schedule';
import type { ChipSource } from '../chip-source';
import type { TournamentDealer } from '../dealers/tournament-dealer';
import type { BotDirectory, HandSink, ProtectionQuota, TableBroadcaster, Timers } from '../ports';
import type { TableHost } from '../table-host';
import type { HostControlsSaved } from './host-controls';

export interface PlayerRef {
  userId: string;
  name: string;
  isBot?: boolean;
}

export interface SitRequest {
  buyIn: number;
  seat?: number;
  inviteCode?: string;
  waitForBigBlind?: boolean;
}

/** A decision sent by a player (or a bot): the engine action without seat and version. */
export interface Decision {
  type: string;
  amount?: number;
  discard?: number[];
  target?: number;
  card?: number;
}

export interface FinishedHand {
  handId: string;
  handNumber: number;
  /**
   * The deal's commitment (Merkle root, scheme naiko-merkle-v2; null for an injected test deck). The seed stays secret.
   */
  commitment: string | null;
  stacks: { seat: number; playerId: string; stack: number }[];
  /**
   * The pots as awarded (pot-awarded events summed per pot) and what each player put in: tournament bounties split by
   * them.
   */
  pots?: HandPotAward[];
}

export interface HandPotAward {
  pot: number;
  /** Players still in for this pot. */
  eligible: string[];
  /** What each winner took of it. */
  shares: { playerId: string; amount: number }[];
  /** Every dealt-in player's chips put into the hand, pots of this hand included. */
  committed: { playerId: string; amount: number }[];
}

export interface TableHostHooks {
  /** After each hand, once its result is stored and the table updated (tournaments: busts, balancing, levels). */
  onHandFinished?(host: TableHost, hand: FinishedHand): void | Promise<void>;
  /** Something the lobby shows changed (seats, stakes, closed). */
  onChanged?(host: TableHost): void;
}

export interface TableHostOptions {
  tableId: string;
  name: string;
  config: TableConfig;
  /** Home games: a bomb pot the host asked for before a restart, still owed (saved with the table). */
  bombPotPending?: boolean;
  /**
   * The host's controls saved before a restart (cash_tables.host_controls: pause, approval, mutes, removals, stakes
   * owed).
   */
  hostControls?: HostControlsSaved;
  chips: ChipSource;
  hands: HandSink;
  broadcaster: TableBroadcaster;
  schedule?: BlindSchedule;
  bots?: BotDirectory;
  /**
   * Cash tables with bots allowed: fill empty seats until this many players sit (default 4; never the last free seat).
   */
  botTarget?: number;
  /**
   * Bots make room as people arrive: above the target, the surplus bots leave between hands (the room's default
   * tables).
   */
  botsMakeRoom?: boolean;
  /** Table decisions (first button, bots' mixing); default the CSPRNG. */
  rng?: RandomSource;
  /**
   * Each hand's secret shuffle seed (default `newShuffleSeed()`, 256 CSPRNG bits). The hand starts with
   * `hashRandom(seed)`; its commitment (a Merkle root over salted deck positions) is stored and published
   * at the start; after the hand each audience gets the openings of the cards it saw; the seed itself is
   * stored with the hand (HandSink.dealHand) and never broadcast (HTTP disclosure: hand-history controller).
   */
  seeds?: () => string;
  /** Tests only: a shuffle source instead of a seed (no commitment, nothing to reveal). */
  deckRng?: () => RandomSource;
  timers?: Timers;
  /** Pause between two hands (default 2 s). */
  handPauseMs?: number;
  /** A bot's "thinking" time (default 800 ms; 0 in tests and benchmarks). */
  botDelayMs?: number;
  hooks?: TableHostHooks;
  log?: (level: 'warn' | 'error', msg: string, data?: Record<string, unknown>) => void;
  /**
   * A tournament table: its dealer is the tournament (dealers/tournament-dealer.ts) instead of the
   * cash rules (dealers/cash-dealer.ts); cash-only commands are refused with TOURNAMENT_TABLE.
   */
  tournament?: TournamentDealer;
  /**
   * Disconnection protection allowance (cash tables; `ProtectionUses` in PostgreSQL). Without it, and
   * at every tournament table (Sit & Go, Spin, scheduled), the clock never protects: it checks/folds.
   */
  protections?: ProtectionQuota;
  /**
   * Who else may watch, beyond the table's own rule (a private event's table: its host and
   * invitees only). Throws a FORBIDDEN NOT_INVITED TableHostError; asked before every watch.
   */
  watchGuard?: (user: { sub: string; role: string }, inviteCode?: string) => Promise<void>;
}
