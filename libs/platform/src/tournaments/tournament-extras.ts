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
  r: ExtrasRow,
  entries: number,
): Promise<TournamentExtrasView> {
  const s = r.config;
  const running = r.status === 'running';
  const config = rebuyConfigOf(s);
  const clock = running ? clockAtStep(s, r.step_index) : null;
  // The tournament's status is read in the same statement as the entries: the payout commits the
  // winner's own head into `bounties_won` and the status together, and a status read before it
  // (r.status) with entries read after it counted that head twice (standing and paid).
  const rows = await views.entryExtras(db, r.id);
  const status = rows[0]?.tournament_status ?? r.status;
  const ended = status === 'finished' || status === 'cancelled';
  // One row per player: his live entry (else his last); bounty money won over all his entries.
  const players = new Map<string, TournamentPlayerExtras>();
  for (const e of rows) {
    const won = (players.get(e.user_id)?.bountiesWon ?? 0) + Number(e.bounties_won);
    // Once paid out (the winner's own head) or refunded (a cancellation) no head stands any more.
    const head = e.status === 'active' && s.bounty && !ended ? s.bounty.amount + Number(e.head_increase) : 0;
    const prev = players.get(e.user_id);
    if (prev && prev.head > 0 && e.status !== 'active') {
      players.set(e.user_id, { ...prev, bountiesWon: won });
      continue;
    }
    players.set(e.user_id, { userId: e.user_id, rebuys: e.rebuys, addOn: e.add_on, head, bountiesWon: won });
  }
  const rebuysBought = r.rebuys_bought ?? 0;
  const addOnsBought = r.add_ons_bought ?? 0;
  let satellite: TournamentExtrasView['satellite'] = null;
  if (s.satellite) {
    const targetName = await views.tournamentName(db, s.satellite.targetTournamentId);
    const pool = livePoolOf(s, Math.max(entries, s.minEntrants), rebuysBought, addOnsBought);
    satellite = {
      targetTournamentId: s.satellite.targetTournamentId,
      targetName: targetName ?? null,
      seatValue: s.satellite.seatValue,
      ...satellitePrizes(pool, { seatValue: s.satellite.seatValue }),
    };
  }
  return {
    rebuys:
      s.rebuys && config
        ? {
            untilLevel: s.rebuys.untilLevel,
            maxRebuys: s.rebuys.maxRebuys,
            rebuy: s.rebuys.rebuy,
            addOn: s.rebuys.addOn,
            rebuysBought,
            addOnsBought,
            rebuyOpen: !!clock && inRebuyPeriod(config, clock),
            addOnOpen:
              !!clock && !!config.addOn && canAddOn(config, clock, { stack: 1, rebuysUsed: 0, addOnUsed: false }).ok,
          }
        : null,
    bounty: s.bounty
      ? {
          kind: s.bounty.kind,
          amount: s.bounty.amount,
          paid: [...players.values()].reduce((a, p) => a + p.bountiesWon, 0),
        }
      : null,
    satellite,
    players: [...players.values()],
  };
}
