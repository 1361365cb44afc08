// A scheduled tournament's whole view (TournamentsService.view delegates here): every entrant with
// his table, seat, stack and place, every table, the clock, the prize table and the structure. Built
// from one snapshot of the state (the service's `get`) and the book's entries and stacks; the lobby
// lists the first ones (tournament-lobby.ts). Moved out of the service to keep it readable.
import type { TournamentView } from '@naiko/contracts';
import { isRegistrationOpen, paidEntries, prizeTableRows, scheduleOf, type BlindLevel } from '@naiko/tournament';
import { entryIdOf, seatedPlayers } from './mtt-state';
import { livePoolOf } from './rebuys';
import { mttTableId, mttTournamentId } from './table-ids';
import { spinPrizePool } from './spin-start';
import { prizeTableOf } from './tournament-config';
import type { TournamentContext } from './tournament-context';
import { extrasView, type ExtrasRow } from './tournament-extras';

export class TournamentViewBuilder {
  constructor(private readonly context: TournamentContext) {}

  /** The whole view: every entrant and every table (the lobby lists the first ones: tournament-lobby.ts). */
  async view(id: number): Promise<TournamentView> {
    const tournament = await this.context.service.get(id);
    const settings = tournament.config;
    const reg = tournament.state.registration;
    const book = mttTournamentId(id);
    const entries = paidEntries(reg);
    const rows = await this.context.store.entriesWithNames(book);
    const stacks = await this.context.store.stacks(book);
    const stackOf = new Map(stacks.map((x) => [x.userId, Number(x.balance)]));
    const seatOf = new Map<string, { table: number; seat: number }>();
    for (const tb of tournament.state.seating?.tables ?? [])
      tb.seats.forEach((p, seat) => p && seatOf.set(p.playerId, { table: tb.tableId, seat }));
    const table = prizeTableOf(settings, Math.max(entries, settings.minEntrants), tournament.spin_multiplier);
    // A Spin's prize is its drawn multiplier × buy-in from the start (spin-start.ts).
    const pool =
      spinPrizePool(settings, tournament.spin_multiplier) ??
      livePoolOf(
        settings,
        entries,
        (tournament as unknown as ExtrasRow).rebuys_bought ?? 0,
        (tournament as unknown as ExtrasRow).add_ons_bought ?? 0,
      );
    const schedule = scheduleOf(settings.blindStructure);
    let clock: TournamentView['clock'] = null;
    if (tournament.status === 'running' && tournament.step_started_at) {
      const step = settings.blindStructure.steps[tournament.step_index];
      const level = (
        step.kind === 'level' ? step : settings.blindStructure.steps[tournament.step_index + 1]
      ) as BlindLevel;
      const last = tournament.step_index === settings.blindStructure.steps.length - 1;
      clock = {
        stepIndex: tournament.step_index,
        kind: step.kind,
        levelNumber: schedule[tournament.step_index].levelNumber,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        nextStepAt: last ? null : new Date(tournament.step_started_at).getTime() + step.durationMs,
      };
    }
    const left =
      tournament.status === 'running'
        ? seatedPlayers(tournament.state)
        : tournament.status === 'registering' || tournament.status === 'scheduled' || tournament.status === 'starting'
          ? entries
          : tournament.state.winner
            ? 1
            : 0;
    const chipsInPlay = [...stackOf.values()].reduce((a, b) => a + b, 0);
    const placeOf = new Map<string, number>();
    for (const group of tournament.state.standings?.groups ?? []) {
      for (const key of group.players) {
        const userId = reg.entries[entryIdOf(key) - 1]?.playerId;
        if (userId && (placeOf.get(userId) ?? Infinity) > group.bestPlace) placeOf.set(userId, group.bestPlace);
      }
    }
    // Each player's paid entries (re-entries included), counted once: at 10,000 entrants a count per
    // player over every entry was 10^8 comparisons, seconds of the event loop for each view.
    const entriesOf = new Map<string, number>();
    for (const paid of reg.entries)
      if (paid.status === 'active' || paid.status === 'busted')
        entriesOf.set(paid.playerId, (entriesOf.get(paid.playerId) ?? 0) + 1);
    const ended = tournament.status === 'finished' || tournament.status === 'cancelled';
    const tables = (tournament.state.seating?.tables ?? []).map((tb) => ({
      tableId: tb.tableId,
      tableRef: mttTableId(id, tb.tableId),
      players: tb.seats.filter((p) => p).length,
      handInProgress: tb.handInProgress,
      handsPlayed: tournament.state.tableHands[tb.tableId] ?? 0,
    }));
    const entrants = rows
      .filter((e) => e.status !== 'refunded' || tournament.status === 'cancelled')
      .map((entry) => ({
        userId: entry.userId,
        username: entry.user.username,
        entries: entriesOf.get(entry.userId) ?? 0,
        table: seatOf.get(entry.userId)?.table ?? null,
        tableRef: seatOf.has(entry.userId) ? mttTableId(id, seatOf.get(entry.userId)!.table) : null,
        seat: seatOf.get(entry.userId)?.seat ?? null,
        stack: stackOf.get(entry.userId) ?? 0,
        place: entry.place ?? placeOf.get(entry.userId) ?? null,
        prize: Number(entry.prize),
      }))
      .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.stack - a.stack);
    return {
      tournamentId: id,
      name: tournament.name,
      phase: tournament.status,
      seatDraw: {
        commitment: tournament.seat_commitment,
        seed: ended ? tournament.seat_seed : null,
        seating: ended ? tournament.seat_draw : null,
      },
      game: settings.game,
      bettingStructure: settings.bettingStructure,
      startsAt: tournament.starts_at ? new Date(tournament.starts_at).toISOString() : null,
      registrationOpensAt: new Date(tournament.registration_opens_at).toISOString(),
      buyIn: settings.buyIn,
      fee: settings.fee,
      startingStack: settings.startingStack,
      tableSize: settings.tableSize,
      minEntrants: settings.minEntrants,
      maxEntrants: settings.maxEntrants,
      lateRegistrationUntilLevel: settings.lateRegistrationUntilLevel,
      startWhenFull: settings.startWhenFull === true,
      reEntry: settings.reEntry,
      registrationOpen:
        tournament.status === 'registering' ||
        (tournament.status === 'running' && isRegistrationOpen(reg, this.context.service.currentLevel(tournament))),
      entries,
      playersLeft: left,
      prizePool: pool,
      placesPaid: table.paidPlaces,
      prizeTable: prizeTableRows(table, pool).map((prizeRow) => ({
        places: prizeRow.places,
        fromPlace: prizeRow.fromPlace,
        toPlace: prizeRow.toPlace,
        percent: prizeRow.percent,
        chipsEach: prizeRow.chipsEach,
      })),
      structure: settings.blindStructure.steps.map((st, index) => ({
        stepIndex: index,
        kind: st.kind,
        levelNumber: schedule[index].levelNumber,
        smallBlind: st.kind === 'level' ? st.smallBlind : null,
        bigBlind: st.kind === 'level' ? st.bigBlind : null,
        ante: st.kind === 'level' ? st.ante : null,
        durationMs: st.durationMs,
      })),
      clock,
      averageStack:
        left > 0 && tournament.status === 'running'
          ? Math.floor(chipsInPlay / left)
          : left > 0
            ? settings.startingStack
            : 0,
      handForHand: !!tournament.state.handForHand,
      handsPlayed: tournament.hands_played,
      tables,
      tableCount: tables.length,
      entrants,
      entrantCount: entrants.length,
      extras: await extrasView(this.context.prisma, tournament as unknown as ExtrasRow, entries),
      spin:
        settings.spin && tournament.spin_commitment
          ? {
              table: settings.spin.name,
              commitment: tournament.spin_commitment,
              multiplier: tournament.spin_multiplier,
              seed: ended ? tournament.spin_seed : null,
            }
          : null,
    };
  }
}
