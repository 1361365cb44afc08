// Socket contract of the scheduled-tournament lobby: a client watches a tournament
// (`tournamentWatch`) and gets `tournamentUpdate` on every change (registration, start, level,
// break, hands that changed a table, moves, busts, results). The same view is served over HTTP.
import { z } from 'zod';
import type { TournamentBountyView, TournamentExtrasView, TournamentPlayerExtras } from './extras';

export const TournamentWatchPayload = z.strictObject({ tournamentId: z.number().int().positive() });
export type TournamentWatchPayload = z.infer<typeof TournamentWatchPayload>;

/** `starting`: a tournament that starts when full has filled; its start job is seating the players. */
export type TournamentPhase =
  'scheduled' | 'registering' | 'starting' | 'running' | 'paying' | 'finished' | 'cancelled';

export interface TournamentEntrantRow {
  userId: string;
  username: string;
  entries: number;
  /** Where he sits now (null when not seated). */
  table: number | null;
  /**
   * The id of that table for the table socket events (`table:watch`, `table:act`) and `#/table/<id>`.
   * Right after the start (or a new table) the lobby may name it a moment before it is hosted: a
   * `table:watch` answered NOT_FOUND is retried. It changes when the player is moved.
   */
  tableRef: string | null;
  seat: number | null;
  stack: number;
  place: number | null;
  prize: number;
}

export interface TournamentTableRow {
  tableId: number;
  /** The table's id for the table socket events (`table:watch`, `table:act`) and `#/table/<id>`. */
  tableRef: string;
  players: number;
  handInProgress: boolean;
  handsPlayed: number;
}

export interface TournamentView {
  tournamentId: number;
  name: string;
  phase: TournamentPhase;
  /**
   * The start's seat draw, commit-then-open (issue 19.1): the commitment (SHA-256 hex of
   * "naiko-mtt-seats-v1|<seed>") from creation; the seed and the start's seating once the tournament
   * has ended (null before; all null on tournaments created before the draw was committed).
   */
  seatDraw: {
    commitment: string | null;
    seed: string | null;
    seating: { table: number; seat: number; userId: string }[] | null;
  };
  game: string;
  bettingStructure: string;
  /** Null: no start time, it starts when full (a Sit & Go's way). */
  startsAt: string | null;
  registrationOpensAt: string;
  buyIn: number;
  fee: number;
  startingStack: number;
  tableSize: number;
  minEntrants: number;
  maxEntrants: number;
  lateRegistrationUntilLevel: number;
  /** Starts the moment its last entry (maxEntrants) is taken, or at its start time if not full by then. */
  startWhenFull: boolean;
  reEntry: boolean;
  registrationOpen: boolean;
  /** Paid entries (re-entries count). */
  entries: number;
  playersLeft: number;
  prizePool: number;
  placesPaid: number;
  prizeTable: { places: string; fromPlace: number; toPlace: number; percent: string; chipsEach: number | null }[];
  structure: {
    stepIndex: number;
    kind: 'level' | 'break';
    levelNumber: number;
    smallBlind: number | null;
    bigBlind: number | null;
    ante: number | null;
    durationMs: number;
  }[];
  /** The step in force and when the next starts (ms since epoch; null on the last level). */
  clock: {
    stepIndex: number;
    kind: 'level' | 'break';
    levelNumber: number;
    smallBlind: number;
    bigBlind: number;
    ante: number;
    nextStepAt: number | null;
  } | null;
  averageStack: number;
  handForHand: boolean;
  handsPlayed: number;
  /**
   * The open tables by number. The lobby (`tournamentUpdate`, `GET /tournaments/:id`) lists the first
   * `LOBBY_TABLES` only: at 10,000 entrants every table and every entrant made a view of megabytes.
   */
  tables: TournamentTableRow[];
  /** Open tables in all (`tables` may list fewer). */
  tableCount: number;
  /**
   * The entrants in standings order (players still in by stack, then the busted by place). The lobby
   * lists the first `LOBBY_ENTRANTS`; `GET /tournaments/:id/entrants` pages and searches all of them,
   * and a player's own row comes with `tournamentYou`.
   */
  entrants: TournamentEntrantRow[];
  /** Entrants in all (`entrants` may list fewer). */
  entrantCount: number;
  /** Issue 25: rebuys and add-ons, bounties, satellite seats (absent on a view built without them). */
  extras?: TournamentExtrasView;
  /**
   * A Spin's draw, commit-then-open: the commitment (SHA-256 hex of "naiko-spin-v1|<table>|<seed>")
   * from creation, the multiplier from the start, the seed once it has ended. Null: not a Spin.
   */
  spin: { table: string; commitment: string; multiplier: number | null; seed: string | null } | null;
}

/** How many entrants and tables the lobby view lists (the rest: `GET /tournaments/:id/entrants`). */
export const LOBBY_ENTRANTS = 100;
export const LOBBY_TABLES = 50;

/** `GET /tournaments/:id/entrants?offset=&limit=&q=`: a page of the standings, or the players whose name holds q. */
export const TournamentEntrantsQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(LOBBY_ENTRANTS).default(50),
  q: z.string().trim().max(40).optional(),
});
export type TournamentEntrantsQuery = z.infer<typeof TournamentEntrantsQuery>;

export interface TournamentEntrantsPage {
  tournamentId: number;
  /** Entrants that match (all of them without q). */
  total: number;
  offset: number;
  entrants: TournamentEntrantRow[];
}

/**
 * What one player follows of his tournament from his table (`tournamentFollow` → `tournamentYou`,
 * sent again whenever it changes): his row, his purchases and head, the rebuy and add-on terms and
 * windows, and the bounties on the players at his table. Small on purpose: every player of a big
 * event follows it, and a copy of the whole lobby for each of them was the size problem.
 */
export interface TournamentYouView {
  tournamentId: number;
  phase: TournamentPhase;
  startingStack: number;
  /** His row; null when he has no entry. */
  entrant: TournamentEntrantRow | null;
  /** Entrants in all once he has a place ("3rd of 9"), else null. */
  placedOf: number | null;
  /** His purchases and bounty (null without an entry or without issue-25 extras). */
  extras: TournamentPlayerExtras | null;
  /** The rebuy and add-on terms and whether each is open now (null: the tournament has none). */
  rebuys: {
    maxRebuys: number;
    rebuy: { chips: number; price: number; fee: number };
    addOn: { chips: number; price: number; fee: number } | null;
    rebuyOpen: boolean;
    addOnOpen: boolean;
  } | null;
  bounty: Pick<TournamentBountyView, 'kind'> | null;
  /** The bounties on the heads of the players at his table (empty without bounties or a seat). */
  heads: { userId: string; username: string; head: number }[];
}

export const TOURNAMENT_CLIENT_EVENT_SCHEMAS = {
  tournamentWatch: TournamentWatchPayload,
  tournamentFollow: TournamentWatchPayload,
} as const;

export interface TournamentClientEvents {
  /** Join the tournament's room; the server answers with a `tournamentUpdate` at once and on every change. */
  tournamentWatch: (payload: TournamentWatchPayload) => void;
  /** Follow one's own part of it: a `tournamentYou` at once and whenever it changes. */
  tournamentFollow: (payload: TournamentWatchPayload) => void;
}

export interface TournamentServerEvents {
  tournamentUpdate: (payload: TournamentView) => void;
  tournamentYou: (payload: TournamentYouView) => void;
}
