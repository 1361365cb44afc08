// Satellites of scheduled tournaments (issue 25), wired around libs/tournament's satellites.ts.
//
// The prize pool buys seats in the target tournament at `seatValue` each (the target's buy-in + fee);
// the seat places are the paid places (so the bubble, seats + 1 players left, plays hand-for-hand:
// `prizeTableOf` reports them), the remainder goes in chips to the first place without a seat.
// At the payout each seat winner is paid the seat's value from the pool (key `mtt:<id>:prize:<entryId>`,
// like any prize) in the payout's transaction; right after it commits he is registered in the target
// through the ordinary registration (buy-in and fee debited from that same money). A registration
// the target refuses (already registered, full, closed) leaves the seat's value with the player, and
// is logged: nothing is lost and the ledger stays exact.
import { Logger } from '@nestjs/common';
import { Accounts, postInTransaction, type Tx } from '@naiko/persistence';
import { payStandingsWithSeats, satellitePaidPlaces, type FinishGroup, type PrizeTable } from '@naiko/tournament';
import type { TournamentSettings } from './tournament-config';

const logger = new Logger('Satellites');

/** The satellite's prize table for the bubble and the lobby: one band of equal seat places. */
export function satellitePrizeTable(s: TournamentSettings, entrants: number): PrizeTable | null {
  if (!s.satellite) return null;
  const n = Math.max(2, entrants);
  const paid = satellitePaidPlaces(n * s.buyIn, { seatValue: s.satellite.seatValue });
  return {
    minEntrants: n,
    maxEntrants: n,
    paidPlaces: paid,
    bands: [{ fromPlace: 1, toPlace: paid, sharePpm: Math.floor(1_000_000 / paid) }],
  };
}

/**
 * Pays a finished satellite inside the payout transaction and records the results; returns the
 * users who won a seat (to register in the target once this transaction has committed).
 */
export async function paySatellite(
  tx: Tx,
  id: number,
  s: TournamentSettings,
  pool: number,
  groups: readonly FinishGroup[],
  entryOf: (key: string) => { entryId: number; playerId: string },
): Promise<string[]> {
  const book = `mtt-${id}`;
  const payouts = payStandingsWithSeats(pool, { seatValue: s.satellite!.seatValue }, groups);
  const best = new Map<string, { place: number; prize: number }>();
  const seats: string[] = [];
  for (const p of payouts) {
    const entry = entryOf(p.playerId);
    if (p.prize > 0) {
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:prize:${entry.entryId}`,
        reason: 'tournament_prize',
        refs: { tournamentId: book },
        movements: [{ from: Accounts.tournamentPool(book), to: Accounts.user(entry.playerId), amount: p.prize }],
        note: p.seat ? `satellite seat in tournament ${s.satellite!.targetTournamentId}` : 'satellite remainder',
      });
    }
    if (p.seat && !seats.includes(entry.playerId)) seats.push(entry.playerId);
    const b = best.get(entry.playerId) ?? { place: p.bestPlace, prize: 0 };
    best.set(entry.playerId, { place: Math.min(b.place, p.bestPlace), prize: b.prize + p.prize });
  }
  for (const [userId, b] of best) {
    await tx.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId: book, userId } },
      data: { status: 'finished', place: b.place, prize: BigInt(b.prize) },
    });
  }
  return seats;
}

/** Registers the seat winners in the target (each through the ordinary registration). */
export async function registerSeats(
  register: (id: number, userId: string) => Promise<unknown>,
  s: TournamentSettings,
  winners: readonly string[],
): Promise<{ registered: string[]; refused: { userId: string; why: string }[] }> {
  const registered: string[] = [];
  const refused: { userId: string; why: string }[] = [];
  for (const userId of winners) {
    try {
      await register(s.satellite!.targetTournamentId, userId);
      registered.push(userId);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      refused.push({ userId, why });
      logger.warn({
        msg: 'satellite seat not registered; the player keeps its value',
        target: s.satellite!.targetTournamentId,
        userId,
        why,
      });
    }
  }
  return { registered, refused };
}
