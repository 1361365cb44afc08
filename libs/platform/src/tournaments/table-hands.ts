// A tournament table's hand cycle in this process, for the table runner (table-runner.ts): hosting
// a table (its TableHost asks `nextHand` before each deal and reports each finished hand), carrying
// the issue-25 marks of players who move, recording a finished hand with the tournament, mirroring
// the new seating to every table of the tournament, and closing tables. Moved out of the runner,
// which delegates to one instance of this class: the user-name cache lives here, so there is one
// per runner, as before; the tournaments and tables are the runner's own live objects, handed in.
import { HandStore, tournamentViewRepository } from '@naiko/persistence';
import { TournamentChipSource } from '../tables/chip-source';
import { TableHost, type FinishedHand, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { seating } from '../tables/dealers/tournament-dealer';
import { LevelSchedule } from './level-schedule';
import { SeatMarks } from './seat-marks';
import {
  oddChipOrder,
  timeBankRefill,
  type RunningTournament,
  type SeatWithStack,
  type TableFence,
  type TournamentTables,
} from './table-runner-types';
import {
  firstLine,
  isStaleFence,
  sleep,
  type TableRun,
  type TableRunnerContext,
  type TournamentRun,
} from './table-runs';

export class TableHands {
  private readonly names = new Map<string, { name: string; isBot: boolean }>();

  constructor(
    private readonly context: TableRunnerContext,
    /** Clustered: stops hosting a table marked `handOff` and releases its lease (clustered-tables.ts). */
    private readonly handOff: (live: TournamentRun, run: TableRun) => Promise<void>,
  ) {}

  /** Hosts one table of the tournament here (the one-process loop, or a table this copy adopted). */
  openTable(
    live: TournamentRun,
    row: RunningTournament,
    tableNo: number,
    fence?: TableFence,
    hands: HandStore = this.context.store,
  ): void {
    const schedule = new LevelSchedule(row.blindStructure);
    const run: TableRun = {
      tableNo,
      host: undefined as unknown as TableHost,
      schedule,
      begun: null,
      ...(fence ? { fence } : {}),
    };
    run.host = new TableHost({
      tableId: this.context.service.tableId(live.id, tableNo),
      name: row.tableName(tableNo),
      config: row.tableConfig(schedule),
      chips: new TournamentChipSource(this.context.service.bookId(live.id)),
      hands,
      broadcaster: this.context.sockets,
      schedule,
      handPauseMs: this.context.options.handPauseMs,
      botDelayMs: this.context.options.botDelayMs,
      tournament: {
        nextHand: () => this.nextHand(live, run),
        retryMs: Math.max(this.context.options.pollMs, 20),
        ...(row.dealerRef ?? this.context.service.dealerRef(live.id)),
      },
      hooks: { onHandFinished: (_host, hand) => this.handFinished(live, run, hand) },
      ...(this.context.service.requireWatch
        ? { watchGuard: (user, code) => this.context.service.requireWatch!(live.id, user, code) }
        : {}),
      // A table that cannot deal retries with back-off (the host); its error shows on the board
      // and is logged once per distinct error until the table deals again.
      log: (level, msg, data) => {
        if (msg.startsWith('deal failed')) {
          if (
            this.context.faults.report(
              this.context.source(live.id, tableNo),
              new Error(`${msg}: ${firstLine(data?.err)}`),
            )
          )
            this.context.logger.error({ msg, tournamentId: live.id, tableNo, ...data });
          return;
        }
        this.context.logger[level === 'error' ? 'error' : 'warn']({ msg, tournamentId: live.id, tableNo, ...data });
      },
    });
    live.tables.set(tableNo, run);
    this.context.tables.attach(run.host);
    run.host.start();
  }

  /** Stops and unregisters hosts (table broken, tournament over, lease lost, shutdown). */
  async closeTables(live: TournamentRun, tableNos: number[]): Promise<void> {
    const closing = tableNos.flatMap((closingNo) => {
      const run = live.tables.get(closingNo);
      if (!run) return [];
      // Issue 25: a broken table's players carry their sitting-out marks and banks to their new tables.
      (live.marks ??= new SeatMarks()).capture(run.host.table, new Set());
      live.tables.delete(closingNo);
      live.closed.add(closingNo);
      run.host.stop();
      this.context.tables.detach(run.host.tableId);
      // Clustered: the lease goes back at once (a broken table is gone; at shutdown another copy
      // takes the table over without waiting for the lease to expire).
      if (this.context.clustered) void this.context.ownership.release(run.host.tableId).catch(() => undefined);
      return [run.host];
    });
    // Let a command in flight finish (a stopped host starts nothing new), but never wait forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(closing.map((host) => host.idle())),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000))),
    ]);
    clearTimeout(timer);
  }

  /** User names and bot flags for seats (cached: they never change during a tournament). */
  private async seatsWithNames(seats: readonly (SeatWithStack | null)[]): Promise<(TournamentSeat | null)[]> {
    const missing = seats.flatMap((seat) => (seat && !this.names.has(seat.userId) ? [seat.userId] : []));
    if (missing.length) {
      const users = await tournamentViewRepository.userNames(this.context.prisma, missing);
      for (const user of users) this.names.set(user.id, { name: user.username, isBot: user.isBot });
    }
    return seats.map((seat) => {
      if (!seat) return null;
      const who = this.names.get(seat.userId) ?? { name: seat.userId.slice(0, 8), isBot: false };
      return { userId: seat.userId, name: who.name, isBot: who.isBot, stack: seat.stack };
    });
  }

  /**
   * The host asks before each deal: the service allows it (or not) under the tournament's lock.
   * The begun hand is kept until its result is recorded: a deal the host could not start (a store
   * error) is the same hand again — with the table's seats and book stacks read anew, never a
   * stale copy (the table's dealt-in players cannot move or play elsewhere while it is busy, but
   * players moved onto its free seats since must not be unseated by an old picture). A begun hand
   * the host still cannot deal after a few tries is given back (the crash rule for this table:
   * hands it stored are cancelled, the table is no longer busy) so the tournament is never held
   * by one table's deal.
   */
  private async nextHand(live: TournamentRun, run: TableRun): Promise<TournamentDeal | null> {
    if (this.context.stopping() || live.lost) return null;
    if (run.handOff && !run.begun) {
      void this.handOff(live, run);
      return null;
    }
    let begun = run.begun;
    if (begun && begun.asked >= 3) {
      await this.context.service.recoverTable(live.id, run.tableNo, run.fence);
      this.context.logger.warn({
        msg: 'gave a begun tournament hand back: its table could not deal it',
        tournamentId: live.id,
        tableNo: run.tableNo,
        handNumber: begun.start.handNumber,
      });
      run.begun = begun = null;
    }
    if (!begun) {
      const start = await this.context.service.beginTableHand(live.id, run.tableNo, run.fence);
      if (!start) return null;
      // Kept at once: the table is busy in the tournament from now until this hand is recorded.
      run.begun = begun = { start, deal: null, asked: 0 };
    } else if (begun.deal) {
      const maps = await this.context.service.seatMaps(live.id, new Set([run.tableNo]));
      const seats = maps.tables.get(run.tableNo);
      if (!maps.running || !seats) return null;
      begun.start = {
        ...begun.start,
        seats,
        version: Math.max(begun.start.version, maps.versions?.get(run.tableNo) ?? maps.version),
      };
      begun.deal = null;
    }
    begun.asked++;
    const start = begun.start;
    run.schedule.enter(start.stepIndex);
    begun.deal = {
      handNumber: start.handNumber,
      seats: await this.seatsWithNames(start.seats),
      dealtIn: start.deal.players.map((player) => player.seat),
      button: start.deal.button,
      ...(start.deal.bigBlind !== undefined
        ? { smallBlind: start.deal.smallBlind ?? null, bigBlind: start.deal.bigBlind }
        : {}),
      version: start.version,
      ...timeBankRefill(live, run, start.stepIndex),
    };
    await this.carryMarks(live, run, begun.deal);
    return begun.deal;
  }

  /**
   * Issue 25: before a deal (inside the host's queue, between hands), the players leaving this table
   * leave their sitting-out mark and time bank with the runner, and the players arriving get theirs
   * back (seated here first, as the dealer would seat them next).
   */
  private async carryMarks(live: TournamentRun, run: TableRun, deal: TournamentDeal): Promise<void> {
    const marks = (live.marks ??= new SeatMarks());
    const host = run.host;
    const wanted = new Set(deal.seats.flatMap((seat) => (seat ? [seat.userId] : [])));
    marks.capture(host.table, wanted);
    const here = new Set(host.table.seats.flatMap((seat) => (seat ? [seat.playerId] : [])));
    // New here, or seated by a mirror whose marks are still queued behind this deal.
    const arrived = [...wanted].filter((userId) => !here.has(userId) || marks.has(userId));
    if (!arrived.length) return;
    await host.commit(seating(host.table, new Set(), deal.seats, host.timers.now()));
    await marks.applyArrivals(host, arrived, this.hostsOf(live));
  }

  private hostsOf(live: TournamentRun): TableHost[] {
    return [...live.tables.values()].map((table) => table.host);
  }

  /** A hand ended at a table: the service records it (busts, places, moves, breaks); the tables follow. */
  private async handFinished(live: TournamentRun, run: TableRun, hand: FinishedHand): Promise<void> {
    const begun = run.begun;
    if (!begun || this.context.stopping() || live.lost) return;
    const players = begun.start.deal.players;
    const stackOf = new Map(begun.start.seats.flatMap((seat) => (seat ? [[seat.userId, seat.stack] as const] : [])));
    const result = {
      dealtIn: oddChipOrder(players, begun.start.deal.button).map((player, order) => ({
        userId: player.userId,
        stack: stackOf.get(player.userId) ?? 0,
        order,
      })),
      after: new Map(hand.stacks.map((seat) => [seat.playerId, seat.stack])),
      ...(hand.pots ? { pots: hand.pots } : {}),
    };
    let outcome: Awaited<ReturnType<TournamentTables['finishTableHand']>>;
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.context.service.finishTableHand(live.id, run.tableNo, result, run.fence);
        break;
      } catch (err) {
        // The table stays busy in the tournament's state until its result is recorded, and this
        // runs in the table's own queue, so it deals nothing meanwhile: retry until it is recorded
        // (giving up would deal the begun hand again from its old stacks, undoing a hand everyone
        // saw and its busts). Not when another copy owns the table now: its crash rule records it.
        if (this.context.stopping() || live.lost || isStaleFence(err) || !live.tables.has(run.tableNo)) throw err;
        const msg = 'recording a tournament hand failed; retrying (the table waits)';
        const data = { msg, tournamentId: live.id, tableNo: run.tableNo, attempt, err: String(err) };
        if (attempt % 10 === 5) this.context.logger.error(data);
        else this.context.logger.warn(data);
        await sleep(Math.min(5_000, 200 * attempt));
      }
    }
    run.begun = null;
    this.context.faults.clear(this.context.source(live.id, run.tableNo));
    // The tables this hand changed: its own (busts), both ends of every move, the broken ones.
    const touched = new Set([
      run.tableNo,
      ...outcome.brokenTables,
      ...outcome.moves.flatMap((move) => [move.from.tableId, move.to.tableId]),
    ]);
    // Not awaited: this runs inside this table's own command queue, which the mirror also uses.
    void this.mirrorSeating(live, touched).catch((err: unknown) =>
      this.context.logger.warn({ msg: 'mirroring seats failed', tournamentId: live.id, err: String(err) }),
    );
  }

  /**
   * Tables mirror the tournament's seating between their hands (busts leave, moved players arrive); broken ones close.
   */
  async mirrorSeating(live: TournamentRun, touched: ReadonlySet<number>): Promise<void> {
    if (this.context.stopping() || live.lost) return;
    const maps = await this.context.service.seatMaps(live.id, touched);
    if (!maps.running) return; // the tournament loop closes everything
    // Issue 25: every leaving player's sitting-out mark and time bank first (seat-marks.ts), then
    // the seats, then the arrivals get their marks back (each in its host's queue, after the sync).
    const marks = (live.marks ??= new SeatMarks());
    // Broken tables are not in the maps: every player still seated at one leaves it now.
    for (const [tableNo, run] of live.tables) if (!maps.open.has(tableNo)) marks.capture(run.host.table, new Set());
    const syncs: { run: TableRun; seats: (TournamentSeat | null)[]; arrived: string[]; version: number }[] = [];
    for (const [tableNo, seats] of maps.tables) {
      const run = live.tables.get(tableNo);
      if (!run) continue;
      const wanted = new Set(seats.flatMap((seat) => (seat ? [seat.userId] : [])));
      marks.capture(run.host.table, wanted);
      const here = new Set(run.host.table.seats.flatMap((seat) => (seat ? [seat.playerId] : [])));
      const arrived = [...wanted].filter((userId) => !here.has(userId));
      syncs.push({
        run,
        seats: await this.seatsWithNames(seats),
        arrived,
        version: maps.versions?.get(tableNo) ?? maps.version,
      });
    }
    for (const { run, seats, arrived, version } of syncs) {
      const host = run.host;
      void host
        .syncTournamentSeats(seats, version)
        .then(() =>
          arrived.length ? host.queue.run(() => marks.applyArrivals(host, arrived, this.hostsOf(live))) : undefined,
        )
        .catch((err: unknown) =>
          this.context.logger.warn({ msg: 'seat sync failed', tableNo: run.tableNo, err: String(err) }),
        );
    }
    const gone = [...live.tables.keys()].filter((tableNo) => !maps.open.has(tableNo));
    if (gone.length) await this.closeTables(live, gone);
  }
}
