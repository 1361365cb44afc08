// The issue-25 part of a tournament's lobby view (`TournamentView.extras`): rebuys and add-ons
// (terms, counts, whether the rebuy period and the add-on window are open now), bounties (terms,
// paid so far), the satellite's seats, and each player's purchases and head. Read without a lock
// (one statement per part), like the rest of the lobby view.
import type { TournamentExtrasView, TournamentPlayerExtras } from '@naiko/contracts';
import { tournamentViewRepository as views, type Tx } from '@naiko/persistence';
import { canAddOn, inRebuyPeriod, satellitePrizes } from '@naiko/tournament';
import { clockAtStep, livePoolOf, rebuyConfigOf } from './rebuys';
import type { TournamentSettings } from './tournament-config';

export interface ExtrasRow {
  id: number;
  status: string;
  config: TournamentSettings;
  step_index: number;
  rebuys_bought?: number;
  add_ons_bought?: number;
}

export async function extrasView(
  db: Pick<Tx, '$queryRaw'>,
  tournamentRow: ExtrasRow,
  entries: number,
): Promise<TournamentExtrasView> {
  const settings = tournamentRow.config;
  const running = tournamentRow.status === 'running';
  const config = rebuyConfigOf(settings);
  const clock = running ? clockAtStep(settings, tournamentRow.step_index) : null;
  // The tournament's status is read in the same statement as the entries: the payout commits the
  // winner's own head into `bounties_won` and the status together, and a status read before it
  // (r.status) with entries read after it counted that head twice (standing and paid).
  const rows = await views.entryExtras(db, tournamentRow.id);
  const status = rows[0]?.tournament_status ?? tournamentRow.status;
  const ended = status === 'finished' || status === 'cancelled';
  // One row per player: his live entry (else his last); bounty money won over all his entries.
  const players = new Map<string, TournamentPlayerExtras>();
  for (const entry of rows) {
    const won = (players.get(entry.user_id)?.bountiesWon ?? 0) + Number(entry.bounties_won);
    // Once paid out (the winner's own head) or refunded (a cancellation) no head stands any more.
    const head =
      entry.status === 'active' && settings.bounty && !ended ? settings.bounty.amount + Number(entry.head_increase) : 0;
    const prev = players.get(entry.user_id);
    if (prev && prev.head > 0 && entry.status !== 'active') {
      players.set(entry.user_id, { ...prev, bountiesWon: won });
      continue;
    }
    players.set(entry.user_id, {
      userId: entry.user_id,
      rebuys: entry.rebuys,
      addOn: entry.add_on,
      head,
      bountiesWon: won,
    });
  }
  const rebuysBought = tournamentRow.rebuys_bought ?? 0;
  const addOnsBought = tournamentRow.add_ons_bought ?? 0;
  let satellite: TournamentExtrasView['satellite'] = null;
  if (settings.satellite) {
    const targetName = await views.tournamentName(db, settings.satellite.targetTournamentId);
    const pool = livePoolOf(settings, Math.max(entries, settings.minEntrants), rebuysBought, addOnsBought);
    satellite = {
      targetTournamentId: settings.satellite.targetTournamentId,
      targetName: targetName ?? null,
      seatValue: settings.satellite.seatValue,
      ...satellitePrizes(pool, { seatValue: settings.satellite.seatValue }),
    };
  }
  return {
    rebuys:
      settings.rebuys && config
        ? {
            untilLevel: settings.rebuys.untilLevel,
            maxRebuys: settings.rebuys.maxRebuys,
            rebuy: settings.rebuys.rebuy,
            addOn: settings.rebuys.addOn,
            rebuysBought,
            addOnsBought,
            rebuyOpen: !!clock && inRebuyPeriod(config, clock),
            addOnOpen:
              !!clock && !!config.addOn && canAddOn(config, clock, { stack: 1, rebuysUsed: 0, addOnUsed: false }).ok,
          }
        : null,
    bounty: settings.bounty
      ? {
          kind: settings.bounty.kind,
          amount: settings.bounty.amount,
          paid: [...players.values()].reduce((a, p) => a + p.bountiesWon, 0),
        }
      : null,
    satellite,
    players: [...players.values()],
  };
}
