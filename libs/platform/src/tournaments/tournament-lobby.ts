// The scheduled-tournament lobby (issue 25): the service's view plus what players look for in a
// lobby: the next level and the next break (when they start, from the level clock), each table's
// players with their chips ("find player" searches them), the chip leader, the pause, the
// final-table deal and the published cancellation and interruption rules. No lock: the base view is
// one repeatable-read snapshot; the pause and the deal are one statement each.
import { Injectable } from '@nestjs/common';
import type { TournamentDealView, TournamentLobbyView, TournamentView } from '@naiko/contracts';
import { PrismaService } from '@naiko/persistence';
import { CANCELLATION_RULES } from './cancel-after-start';
import type { DealRecord } from './deal-records';
import { FinalTableDeals } from './final-table-deal';
import { pauseOf } from './tournament-pause';
import { TournamentsService } from './tournaments.service';

type Extras = Pick<TournamentLobbyView, 'nextLevel' | 'nextBreak' | 'tablePlayers' | 'chipLeader'>;

/**
 * Next level and break from the structure and the clock: the step after the one in force starts at
 * `clock.nextStepAt`, each later one when the one before it ends. Table players from the entrants.
 */
export function lobbyExtras(view: TournamentView): Extras {
  const clock = view.clock;
  const from = clock ? clock.stepIndex + 1 : 0;
  let at: number | null = clock ? clock.nextStepAt : null;
  let nextLevel: Extras['nextLevel'] = null;
  let nextBreak: Extras['nextBreak'] = null;
  for (let i = from; i < view.structure.length && (!nextLevel || !nextBreak); i++) {
    const step = view.structure[i];
    if (step.kind === 'level' && !nextLevel) {
      nextLevel = {
        levelNumber: step.levelNumber,
        smallBlind: step.smallBlind!,
        bigBlind: step.bigBlind!,
        ante: step.ante!,
        startsAt: at,
      };
    }
    if (step.kind === 'break' && !nextBreak) nextBreak = { durationMs: step.durationMs, startsAt: at };
    at = at === null ? null : at + step.durationMs;
  }
  const seated = view.entrants.filter((e) => e.table !== null && e.seat !== null && e.stack > 0);
  // Grouped once (a filter per table over every player was tables × players at 10,000 entrants).
  const atTable = new Map<number, typeof seated>();
  for (const player of seated) atTable.set(player.table!, [...(atTable.get(player.table!) ?? []), player]);
  const tablePlayers = view.tables.map((tableView) => ({
    tableId: tableView.tableId,
    tableRef: tableView.tableRef,
    players: (atTable.get(tableView.tableId) ?? [])
      .map((e) => ({ userId: e.userId, username: e.username, seat: e.seat!, stack: e.stack }))
      .sort((a, b) => a.seat - b.seat),
  }));
  const leader = view.phase === 'running' ? [...seated].sort((a, b) => b.stack - a.stack)[0] : undefined;
  return {
    nextLevel,
    nextBreak,
    tablePlayers,
    chipLeader: leader ? { username: leader.username, stack: leader.stack } : null,
  };
}

export function dealView(deal: DealRecord | null, view: TournamentView): TournamentDealView | null {
  if (!deal) return null;
  const name = new Map(view.entrants.map((e) => [e.userId, e.username]));
  return {
    dealId: deal.dealId,
    method: deal.method,
    leftToPlayFor: deal.leftToPlayFor,
    status: deal.status,
    forced: deal.forced,
    players: (deal.players ?? []).map((player) => ({
      userId: player.userId,
      username: name.get(player.userId) ?? '',
      stack: player.stack,
      prize: player.prize,
      accepted: deal.acceptedBy.includes(player.userId),
    })),
  };
}

@Injectable()
export class TournamentLobby {
  constructor(
    private readonly prisma: PrismaService,
    private readonly service: TournamentsService,
    private readonly deals: FinalTableDeals,
  ) {}

  async view(id: number): Promise<TournamentLobbyView> {
    const base = await this.service.view(id);
    const [paused, deal] = await Promise.all([pauseOf(this.prisma, id), this.deals.latest(id)]);
    // A pause means something only while the tournament runs.
    return {
      ...base,
      ...lobbyExtras(base),
      paused: base.phase === 'running' ? paused : null,
      deal: dealView(deal, base),
      rules: [...CANCELLATION_RULES],
    };
  }
}
