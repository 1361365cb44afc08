// The scheduled-tournament lobby (issue 25): the service's view plus what players look for in a
// lobby: the next level and the next break (when they start, from the level clock), each table's
// players with their chips ("find player" searches them), the chip leader, the pause, the
// final-table deal and the published cancellation and interruption rules. No lock: the base view is
// one repeatable-read snapshot; the pause and the deal are one statement each.
//
// At real size the lobby lists the first entrants and tables only (`LOBBY_ENTRANTS`, `LOBBY_TABLES`):
// at 10,000 entrants the whole view was about 4 MB, sent to every watcher up to four times a second.
// The rest is paged and searched over HTTP (`entrantsPage`), and each player follows his own part
// (`youView`, the `tournamentYou` event) instead of the whole lobby.
import { Injectable } from '@nestjs/common';
import {
  LOBBY_ENTRANTS,
  LOBBY_TABLES,
  type TournamentDealView,
  type TournamentEntrantsPage,
  type TournamentEntrantsQuery,
  type TournamentLobbyView,
  type TournamentView,
  type TournamentYouView,
} from '@naiko/contracts';
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

/**
 * The lobby as it is sent: the first `LOBBY_ENTRANTS` entrants and `LOBBY_TABLES` tables (with their
 * players), and the issue-25 player rows of the players it lists. Counts stay whole.
 */
export function capLobby(full: TournamentLobbyView): TournamentLobbyView {
  if (full.entrants.length <= LOBBY_ENTRANTS && full.tables.length <= LOBBY_TABLES) return full;
  const entrants = full.entrants.slice(0, LOBBY_ENTRANTS);
  const tables = full.tables.slice(0, LOBBY_TABLES);
  const listedTables = new Set(tables.map((t) => t.tableId));
  const tablePlayers = full.tablePlayers.filter((t) => listedTables.has(t.tableId));
  const listed = new Set([
    ...entrants.map((e) => e.userId),
    ...tablePlayers.flatMap((t) => t.players.map((p) => p.userId)),
  ]);
  return {
    ...full,
    entrants,
    tables,
    tablePlayers,
    ...(full.extras
      ? { extras: { ...full.extras, players: full.extras.players.filter((p) => listed.has(p.userId)) } }
      : {}),
  };
}

/** `GET /tournaments/:id/entrants`: a page of the standings, or of the entrants whose name holds `q`. */
export function entrantsPage(full: TournamentView, query: TournamentEntrantsQuery): TournamentEntrantsPage {
  const needle = query.q?.toLowerCase();
  const matching = needle ? full.entrants.filter((e) => e.username.toLowerCase().includes(needle)) : full.entrants;
  return {
    tournamentId: full.tournamentId,
    total: matching.length,
    offset: query.offset,
    entrants: matching.slice(query.offset, query.offset + query.limit),
  };
}

/**
 * Each entrant's own part of the whole view (`tournamentYou`): his row and purchases, the rebuy terms,
 * the heads at his table. One pass over the entrants (the gateway builds them for 10,000 at a time).
 */
export function youViews(full: TournamentView): Map<string, TournamentYouView> {
  const extras = full.extras;
  const extrasOf = new Map((extras?.players ?? []).map((p) => [p.userId, p]));
  const rebuys = extras?.rebuys ?? null;
  const terms: TournamentYouView['rebuys'] = rebuys
    ? {
        maxRebuys: rebuys.maxRebuys,
        rebuy: rebuys.rebuy,
        addOn: rebuys.addOn ? { chips: rebuys.addOn.chips, price: rebuys.addOn.price, fee: rebuys.addOn.fee } : null,
        rebuyOpen: rebuys.rebuyOpen,
        addOnOpen: rebuys.addOnOpen,
      }
    : null;
  const headsAt = new Map<string, TournamentYouView['heads']>();
  if (extras?.bounty) {
    for (const seated of full.entrants) {
      const head = extrasOf.get(seated.userId)?.head ?? 0;
      if (!seated.tableRef || head <= 0) continue;
      const heads = headsAt.get(seated.tableRef) ?? [];
      heads.push({ userId: seated.userId, username: seated.username, head });
      headsAt.set(seated.tableRef, heads);
    }
  }
  const out = new Map<string, TournamentYouView>();
  for (const entrant of full.entrants) {
    out.set(entrant.userId, {
      tournamentId: full.tournamentId,
      phase: full.phase,
      startingStack: full.startingStack,
      entrant,
      placedOf: entrant.place !== null ? full.entrantCount : null,
      extras: extrasOf.get(entrant.userId) ?? null,
      rebuys: terms,
      bounty: extras?.bounty ? { kind: extras.bounty.kind } : null,
      heads: entrant.tableRef ? (headsAt.get(entrant.tableRef) ?? []) : [],
    });
  }
  return out;
}

/** One player's part (`youViews`); a user without an entry gets the tournament's part only. */
export function youView(full: TournamentView, userId: string): TournamentYouView {
  return (
    youViews(full).get(userId) ?? {
      tournamentId: full.tournamentId,
      phase: full.phase,
      startingStack: full.startingStack,
      entrant: null,
      placedOf: null,
      extras: null,
      rebuys: null,
      bounty: null,
      heads: [],
    }
  );
}

@Injectable()
export class TournamentLobby {
  constructor(
    private readonly prisma: PrismaService,
    private readonly service: TournamentsService,
    private readonly deals: FinalTableDeals,
  ) {}

  /** The lobby as it is sent (`capLobby`). */
  async view(id: number): Promise<TournamentLobbyView> {
    return capLobby(await this.full(id));
  }

  /** The whole lobby view: every entrant and table (the gateway derives the players' own parts from it). */
  async full(id: number): Promise<TournamentLobbyView> {
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

  async entrants(id: number, query: TournamentEntrantsQuery): Promise<TournamentEntrantsPage> {
    return entrantsPage(await this.service.view(id), query);
  }

  async you(id: number, userId: string): Promise<TournamentYouView> {
    return youView(await this.service.view(id), userId);
  }
}
