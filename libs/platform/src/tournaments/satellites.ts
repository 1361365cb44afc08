// Satellites of scheduled tournaments (issue 25), wired around libs/tournament's satellites.ts.
//
// The prize pool buys seats in the target tournament at `seatValue` each (at least the target's
// buy-in + fee + bounty: checked when the satellite is created or edited, `checkSatelliteTarget`,
// refused with `SEAT_VALUE_TOO_LOW`); the seat places are the paid places (so the bubble, seats + 1
// players left, plays hand-for-hand: `prizeTableOf` reports them), the remainder goes in chips to the
// first place without a seat. Once the players left are no more than the seats, the satellite stops
// (mtt-state `finishHand`, libs/tournament `satelliteSeatsDecided`): they share 1st, a seat each.
// At the payout each seat winner is paid the seat's value from the pool (key `mtt:<id>:prize:<entryId>`,
// like any prize) and registered in the target through the ordinary registration (buy-in and fee
// debited from that same money), all in the payout's transaction: a crash leaves either nothing paid
// (the payout job runs again) or everything, seats registered. A registration the target refuses
// (already registered, full, closed) is rolled back to a savepoint and leaves the seat's value with
// the player, logged: nothing is lost and the ledger stays exact.
import { Logger } from '@nestjs/common';
import { Accounts, postInTransaction, tournamentPrizeRepository, type Tx } from '@naiko/persistence';
import {
  checkSeatValue,
  payStandingsWithSeats,
  satellitePaidPlaces,
  satelliteSeatsDecided,
  SatelliteError,
  type FinishGroup,
  type PrizeTable,
} from '@naiko/tournament';
import type { TournamentSettings } from './tournament-config';
import { TournamentError } from './tournaments.errors';

const logger = new Logger('Satellites');

/** The satellite's prize table for the bubble and the lobby: one band of equal seat places. */
export function satellitePrizeTable(settings: TournamentSettings, entrants: number): PrizeTable | null {
  if (!settings.satellite) return null;
  const fieldSize = Math.max(2, entrants);
  const paid = satellitePaidPlaces(fieldSize * settings.buyIn, { seatValue: settings.satellite.seatValue });
  return {
    minEntrants: fieldSize,
    maxEntrants: fieldSize,
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
  settings: TournamentSettings,
  pool: number,
  groups: readonly FinishGroup[],
  entryOf: (key: string) => { entryId: number; playerId: string },
): Promise<string[]> {
  const book = `mtt-${id}`;
  const payouts = payStandingsWithSeats(pool, { seatValue: settings.satellite!.seatValue }, groups);
  const best = new Map<string, { place: number; prize: number }>();
  const seats: string[] = [];
  for (const payout of payouts) {
    const entry = entryOf(payout.playerId);
    if (payout.prize > 0) {
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:prize:${entry.entryId}`,
        reason: 'tournament_prize',
        refs: { tournamentId: book },
        movements: [{ from: Accounts.tournamentPool(book), to: Accounts.user(entry.playerId), amount: payout.prize }],
        note: payout.seat
          ? `satellite seat in tournament ${settings.satellite!.targetTournamentId}`
          : 'satellite remainder',
      });
    }
    if (payout.seat && !seats.includes(entry.playerId)) seats.push(entry.playerId);
    const soFar = best.get(entry.playerId) ?? { place: payout.bestPlace, prize: 0 };
    best.set(entry.playerId, { place: Math.min(soFar.place, payout.bestPlace), prize: soFar.prize + payout.prize });
  }
  for (const [userId, result] of best) {
    await tournamentPrizeRepository.setResult(tx, book, userId, {
      status: 'finished',
      place: result.place,
      prize: BigInt(result.prize),
    });
  }
  return seats;
}

/** For `finishHand`: are the seats decided with `playersLeft` of `entrants` (undefined: not a satellite)? */
export function seatsDecidedOf(
  settings: TournamentSettings,
): ((playersLeft: number, entrants: number) => boolean) | undefined {
  if (!settings.satellite) return undefined;
  const config = { seatValue: settings.satellite.seatValue };
  return (playersLeft, entrants) => satelliteSeatsDecided(playersLeft, Math.max(2, entrants) * settings.buyIn, config);
}

/**
 * When a satellite is created or edited: its target exists and a seat buys the target's entry
 * (buy-in + fee + bounty); else `NOT_FOUND` / `SEAT_VALUE_TOO_LOW`, and nothing is stored.
 */
export async function checkSatelliteTarget(db: Pick<Tx, '$queryRaw'>, settings: TournamentSettings): Promise<void> {
  if (!settings.satellite) return;
  const target = await tournamentPrizeRepository.config<TournamentSettings>(db, settings.satellite.targetTournamentId);
  if (!target)
    throw new TournamentError(
      'BAD_SETTINGS',
      `the target tournament ${settings.satellite.targetTournamentId} does not exist`,
    );
  try {
    checkSeatValue(settings.satellite.seatValue, {
      buyIn: target.buyIn,
      fee: target.fee,
      bounty: target.bounty?.amount ?? 0,
    });
  } catch (err) {
    if (err instanceof SatelliteError) throw new TournamentError('SEAT_VALUE_TOO_LOW', err.message);
    throw err;
  }
}

/**
 * Registers the seat winners in the target inside the payout's transaction (the caller holds the
 * target's exclusive lock). Each registration runs behind a savepoint: a refusal rolls back only
 * that registration and the winner keeps the seat's value (logged).
 */
export async function registerSeatsInTx(
  tx: Tx,
  settings: TournamentSettings,
  winners: readonly string[],
  register: (userId: string) => Promise<unknown>,
): Promise<{ registered: string[]; refused: { userId: string; why: string }[] }> {
  const registered: string[] = [];
  const refused: { userId: string; why: string }[] = [];
  for (const userId of winners) {
    try {
      await tournamentPrizeRepository.savepoint(tx, () => register(userId));
      registered.push(userId);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      refused.push({ userId, why });
      logger.warn({
        msg: 'satellite seat not registered; the player keeps its value',
        target: settings.satellite!.targetTournamentId,
        userId,
        why,
      });
    }
  }
  return { registered, refused };
}
