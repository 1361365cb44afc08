// Issue 25: what the scheduled-tournament lobby shows beyond the base view (`TournamentView`):
// the next level and break, each table's players, the pause, the final-table deal and the published
// cancellation and interruption rules; and the admin's deal and structure requests.
import { z } from 'zod';
import type { TournamentView } from './events';

export interface TournamentDealPlayerView {
  userId: string;
  username: string;
  stack: number;
  prize: number;
  accepted: boolean;
}

export interface TournamentDealView {
  dealId: number;
  method: 'icm' | 'chip-chop';
  leftToPlayFor: number;
  /** waiting: the figures are fixed when the hand in progress ends; open: players accept or refuse. */
  status: 'waiting' | 'open' | 'accepted' | 'rejected' | 'void';
  forced: boolean;
  players: TournamentDealPlayerView[];
}

export interface TournamentLobbyView extends TournamentView {
  /** The next level (null on the last) and when it starts (ms since epoch; null when not running). */
  nextLevel: {
    levelNumber: number;
    smallBlind: number;
    bigBlind: number;
    ante: number;
    startsAt: number | null;
  } | null;
  /** The next break and when it starts (null: none left). */
  nextBreak: { durationMs: number; startsAt: number | null } | null;
  /** Every open table with its players (seat order), for "find player" and the chip counts. */
  tablePlayers: {
    tableId: number;
    tableRef: string;
    players: { userId: string; username: string; seat: number; stack: number }[];
  }[];
  /** Largest and smallest stack of the players still in (0 when none). */
  chipLeader: { username: string; stack: number } | null;
  paused: { reason: 'admin' | 'deal' | 'disconnections'; since: number } | null;
  /** The final-table deal under discussion, or the last one decided. */
  deal: TournamentDealView | null;
  /** The published cancellation and interruption rules (the tournament page shows them). */
  rules: string[];
}

export const DealProposalDto = z.strictObject({
  method: z.enum(['icm', 'chip-chop']),
  leftToPlayFor: z.number().int().min(0).max(1e12).optional(),
});
export type DealProposalDto = z.infer<typeof DealProposalDto>;

export const SuggestLevelsDto = z.strictObject({
  startingStack: z.number().int().min(1).max(100_000_000),
  durationMs: z
    .number()
    .int()
    .min(60_000)
    .max(7 * 24 * 3_600_000),
  levelMs: z.number().int().min(1_000).max(3_600_000).optional(),
  expectedEntrants: z.number().int().min(2).max(10_000),
  template: z.enum(['turbo', 'regular', 'deep']).optional(),
});
export type SuggestLevelsDto = z.infer<typeof SuggestLevelsDto>;
