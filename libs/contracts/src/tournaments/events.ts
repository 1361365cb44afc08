// Socket contract of the scheduled-tournament lobby: a client watches a tournament
// (`tournamentWatch`) and gets `tournamentUpdate` on every change (registration, start, level,
// break, hands that changed a table, moves, busts, results). The same view is served over HTTP.
import { z } from 'zod';
import type { TournamentExtrasView } from './extras';

export const TournamentWatchPayload = z.strictObject({ tournamentId: z.number().int().positive() });
export type TournamentWatchPayload = z.infer<typeof TournamentWatchPayload>;

export type TournamentPhase = 'scheduled' | 'registering' | 'running' | 'paying' | 'finished' | 'cancelled';

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
  startsAt: string;
  registrationOpensAt: string;
  buyIn: number;
  fee: number;
  startingStack: number;
  tableSize: number;
  minEntrants: number;
  maxEntrants: number;
  lateRegistrationUntilLevel: number;
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
  tables: TournamentTableRow[];
  entrants: TournamentEntrantRow[];
  /** Issue 25: rebuys and add-ons, bounties, satellite seats (absent on a view built without them). */
  extras?: TournamentExtrasView;
}

export const TOURNAMENT_CLIENT_EVENT_SCHEMAS = {
  tournamentWatch: TournamentWatchPayload,
} as const;

export interface TournamentClientEvents {
  /** Join the tournament's room; the server answers with a `tournamentUpdate` at once and on every change. */
  tournamentWatch: (payload: TournamentWatchPayload) => void;
}

export interface TournamentServerEvents {
  tournamentUpdate: (payload: TournamentView) => void;
}
