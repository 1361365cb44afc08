// Final-table deals (issue 25). At the final table (every player left at one table) a player still
// in, or the admin, proposes a deal: ICM or chip chop (libs/tournament deals.ts), optionally with an
// amount left to play for. The proposal pauses the tournament (tournament-pause.ts, reason `deal`):
// no table deals a new hand; the figures are fixed from the stacks once no hand is in progress
// (`waiting` → `open`), so everybody accepts the same numbers. Every player left must accept (any
// refusal ends the proposal and play resumes), or the admin sets the deal (`force`).
//
// Applying a deal (one tournament-wide transaction, the exclusive advisory lock):
//   - each player's deal prize moves pool → player (`tournament_prize`, key mtt:<id>:deal:<userId>)
//     and is written to his result (tournament_entries.prize);
//   - nothing left to play for: the tournament ends at once; places by chip count (as if everyone
//     but the chip leader busted in one hand: the larger stack places higher), status `paying`; the
//     payout job pays the places below the final table as always and nothing more to the deal;
//   - an amount left to play for: play resumes; at the end the winner gets that amount, the other
//     dealt places nothing more (`adjustPayoutsForDeal`).
// Prizes still to pay the players left = the prize table's first n places of the pool (n players).
import { livePoolOf } from './rebuys';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  Accounts,
  dealRepository as deals,
  inTransaction,
  postInTransaction,
  PrismaService,
  tournamentPauseRepository,
  tournamentPrizeRepository as results,
  type Tx,
} from '@naiko/persistence';
import { paidEntries, placePrizes } from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import {
  dealFigures,
  dealOfTournament,
  record,
  type DealMethod,
  type DealPlayer,
  type DealRecord,
} from './deal-records';
import { entryIdOf, finishHand, type HandResult } from './mtt-state';
import { loadState, lockExclusive, saveState, smallOf } from './mtt-rows';
import { prizeTableOf, type TournamentSettings } from './tournament-config';
import { pauseTournament, resumeTournament } from './tournament-pause';
import { TournamentError } from './tournaments.errors';
import { TournamentsService } from './tournaments.service';

export * from './deal-records';

@Injectable()
export class FinalTableDeals implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('FinalTableDeals');
  /** Tournaments with a proposal waiting for a hand to end (this process). */
  private readonly waiting = new Set<number>();

  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly service: TournamentsService,
  ) {
    service.listen({
      changed: (id) => {
        if (this.waiting.has(id)) this.settleLater(id);
      },
      started: () => undefined,
    });
  }

  /**
   * The hand a proposal waits for may end in another copy (its runner), whose changes this process
   * does not hear of: waiting proposals are also looked for in the database every second.
   */
  onModuleInit(): void {
    this.timer = setInterval(() => {
      void deals
        .waitingTournaments(this.prisma)
        .then((ids) => ids.forEach((id) => this.settleLater(id)))
        .catch((err: unknown) => this.logger.warn({ msg: 'reading waiting deals failed', err: String(err) }));
    }, 1_000);
    this.timer.unref?.();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private settleLater(id: number): void {
    void this.settle(id).catch((err: unknown) =>
      this.logger.warn({ msg: 'fixing deal figures failed', id, err: String(err) }),
    );
  }

  private exclusive<T>(id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma, async (tx) => {
      await lockExclusive(tx, id);
      return fn(tx);
    });
  }

  /** The proposal under discussion (waiting or open), or null. */
  async current(id: number, db: Pick<Tx, '$queryRaw'> = this.prisma): Promise<DealRecord | null> {
    const dealRow = await deals.current(db, id);
    return dealRow ? record(dealRow) : null;
  }

  /** The last deal of the tournament, whatever its status (lobby). */
  async latest(id: number): Promise<DealRecord | null> {
    const dealRow = await deals.latest(this.prisma, id);
    return dealRow ? record(dealRow) : null;
  }

  private async finalTable(tx: Tx, id: number) {
    const row = await deals.tournament<TournamentSettings, Parameters<typeof loadState>[2]>(tx, id);
    if (!row) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
    if (row.status !== 'running') throw new TournamentError('NOT_RUNNING', `tournament ${id} is ${row.status}`);
    // A Spin pays its drawn multiplier's split (spin-start.ts), as a Sit & Go Spin does: no deal.
    if (row.config.spin) throw new TournamentError('BAD_DEAL', 'a Spin pays its drawn multiplier: no deal');
    const loaded = await loadState(tx, id, row.state, row.config.tableSize);
    const tables = (loaded.state.seating?.tables ?? []).filter((t) => t.seats.some((p) => p));
    if (tables.length !== 1) {
      throw new TournamentError(
        'NOT_FINAL_TABLE',
        'a deal is made at the final table (every player left at one table)',
      );
    }
    // While late registration is open the field (and the pool) may still grow: no deal yet.
    if (!loaded.state.standings)
      throw new TournamentError('NOT_FINAL_TABLE', 'no deal while late registration is open');
    return { row, loaded, table: tables[0] };
  }

  /** A player still in, or the admin, proposes a deal; the tournament pauses. */
  async propose(
    id: number,
    by: { userId: string; admin: boolean },
    input: { method: DealMethod; leftToPlayFor?: number },
  ): Promise<DealRecord> {
    const left = input.leftToPlayFor ?? 0;
    if (!Number.isSafeInteger(left) || left < 0)
      throw new TournamentError('BAD_DEAL', 'the amount left to play for is a whole number of chips, 0 or more');
    const out = await this.exclusive(id, async (tx) => {
      const { row, loaded, table } = await this.finalTable(tx, id);
      const seated = table.seats.flatMap((p) => (p ? [p.playerId] : []));
      // Known before any stack is: the amount left to play for is at most the first prize (the
      // figures themselves wait for the hand in progress, fixFigures).
      const entrants = paidEntries(loaded.state.registration);
      const firstPrize = placePrizes(entrants * row.config.buyIn, prizeTableOf(row.config, entrants))[0] ?? 0;
      if (left > firstPrize)
        throw new TournamentError('BAD_DEAL', `at most the first prize (${firstPrize}) is left to play for`);
      if (!by.admin && !seated.includes(by.userId))
        throw new TournamentError('NOT_IN_DEAL', 'only a player still in (or the admin) proposes a deal');
      if (seated.length < 2) throw new TournamentError('NOT_FINAL_TABLE', 'a deal needs two players or more');
      if (await this.current(id, tx)) throw new TournamentError('DEAL_PENDING', 'a deal is under discussion already');
      // One deal per tournament: the payout replaces the dealt places' prizes by that deal's.
      if (await dealOfTournament(tx, id))
        throw new TournamentError('DEAL_PENDING', 'a deal was made already in this tournament');
      await pauseTournament(tx, this.jobs, id, 'deal');
      const dealRow = await deals.propose(tx, id, { method: input.method, leftToPlayFor: left, proposedBy: by.userId });
      // Refused figures (e.g. more left to play for than the first prize) roll the proposal back.
      return (await this.fixFigures(tx, id, record(dealRow))) ?? record(dealRow);
    });
    if (out.status === 'waiting') this.waiting.add(id);
    this.service.changed(id);
    return out;
  }

  /** Fixes the figures of a waiting proposal once no hand is in progress; null if a hand still runs. */
  private async fixFigures(tx: Tx, id: number, deal: DealRecord): Promise<DealRecord | null> {
    const { row, loaded, table } = await this.finalTable(tx, id);
    if (table.handInProgress) return null;
    const bookId = `mtt-${id}`;
    const seated = table.seats.flatMap((p) => (p ? [p.playerId] : []));
    const accounts = await results.stacks(tx, bookId, seated);
    const stackOf = new Map(accounts.map((a) => [a.userId, Number(a.balance)]));
    const entries = loaded.state.registration.entries;
    const entrants = paidEntries(loaded.state.registration);
    // The live prize pool (rebuys and add-ons included, issue 25 rebuys.ts), as the payout pays it.
    const pool = livePoolOf(row.config, entrants, row.rebuys_bought, row.add_ons_bought);
    const stacks = seated.map((u) => stackOf.get(u) ?? 0);
    const prizes = dealFigures(
      deal.method,
      stacks,
      placePrizes(pool, prizeTableOf(row.config, entrants)),
      deal.leftToPlayFor,
    );
    const players: DealPlayer[] = seated.map((userId, index) => ({
      userId,
      entryId: entries.find((e) => e.playerId === userId && e.status === 'active')!.entryId,
      stack: stacks[index],
      prize: prizes[index],
    }));
    return record(await deals.open(tx, deal.dealId, players));
  }

  /** Runs after changes: a waiting proposal gets its figures when the last hand has ended. */
  async settle(id: number): Promise<void> {
    const fixed = await this.exclusive(id, async (tx) => {
      const proposal = await this.current(id, tx);
      if (!proposal || proposal.status !== 'waiting') return 'done' as const;
      return (await this.fixFigures(tx, id, proposal)) ? ('done' as const) : ('later' as const);
    });
    if (fixed === 'done') {
      this.waiting.delete(id);
      this.service.changed(id);
    }
  }

  async accept(id: number, userId: string): Promise<DealRecord> {
    await this.settle(id);
    const out = await this.exclusive(id, async (tx) => {
      const proposal = await this.openDeal(tx, id);
      if (!proposal.players!.some((p) => p.userId === userId))
        throw new TournamentError('NOT_IN_DEAL', 'only the players in the deal accept it');
      const accepted = [...new Set([...proposal.acceptedBy, userId])];
      await deals.setAcceptedBy(tx, proposal.dealId, accepted);
      const next = { ...proposal, acceptedBy: accepted };
      if (proposal.players!.every((p) => accepted.includes(p.userId))) return this.apply(tx, id, next);
      return { deal: next, finished: false };
    });
    return this.after(id, out);
  }

  async reject(id: number, userId: string, admin: boolean): Promise<DealRecord> {
    const out = await this.exclusive(id, async (tx) => {
      const proposal = await this.current(id, tx);
      if (!proposal) throw new TournamentError('NO_DEAL', 'no deal is under discussion');
      if (!admin && !(proposal.players ?? []).some((p) => p.userId === userId) && proposal.proposedBy !== userId) {
        throw new TournamentError('NOT_IN_DEAL', 'only the players in the deal (or the admin) refuse it');
      }
      const row = await deals.decide(tx, proposal.dealId, 'rejected');
      await resumeTournament(tx, this.jobs, id, 'deal');
      return { deal: record(row), finished: false };
    });
    this.waiting.delete(id);
    return this.after(id, out);
  }

  /** The admin sets the deal: applied without the players' acceptance. */
  async force(id: number): Promise<DealRecord> {
    await this.settle(id);
    const out = await this.exclusive(id, async (tx) => {
      const proposal = await this.openDeal(tx, id);
      await deals.setForced(tx, proposal.dealId);
      return this.apply(tx, id, { ...proposal, forced: true });
    });
    return this.after(id, out);
  }

  private async after(id: number, out: { deal: DealRecord; finished: boolean }): Promise<DealRecord> {
    if (out.finished) await this.jobs.ensure('tournamentPayout', { tournamentId: id });
    this.service.changed(id);
    return out.deal;
  }

  private async openDeal(tx: Tx, id: number): Promise<DealRecord> {
    const proposal = await this.current(id, tx);
    if (!proposal) throw new TournamentError('NO_DEAL', 'no deal is under discussion');
    if (proposal.status !== 'open')
      throw new TournamentError('HAND_IN_PROGRESS', 'the deal figures are fixed when the hand in progress ends');
    return proposal;
  }

  /** Pays the deal and records it; ends the tournament when nothing is left to play for. */
  private async apply(tx: Tx, id: number, proposal: DealRecord): Promise<{ deal: DealRecord; finished: boolean }> {
    const bookId = `mtt-${id}`;
    const { row, loaded, table } = await this.finalTable(tx, id);
    const players = proposal.players!;
    // The figures hold only for the stacks they were made from (no hand ran since: the tournament is paused).
    const seated = table.seats.flatMap((p) => (p ? [p.playerId] : []));
    const accounts = await results.stacks(tx, bookId, seated);
    const now = new Map(accounts.map((a) => [a.userId, Number(a.balance)]));
    if (seated.length !== players.length || players.some((p) => now.get(p.userId) !== p.stack)) {
      await deals.void(tx, proposal.dealId);
      await resumeTournament(tx, this.jobs, id, 'deal');
      throw new TournamentError('BAD_DEAL', 'the stacks changed since the deal was proposed: propose it again');
    }
    for (const player of players) {
      if (player.prize > 0) {
        await postInTransaction(tx, {
          idempotencyKey: `mtt:${id}:deal:${player.userId}`,
          reason: 'tournament_prize',
          refs: { tournamentId: bookId },
          movements: [
            { from: Accounts.tournamentPool(bookId), to: Accounts.user(player.userId), amount: player.prize },
          ],
        });
      }
      await results.setResult(tx, bookId, player.userId, { prize: BigInt(player.prize) });
    }
    const done = await deals.decide(tx, proposal.dealId, 'accepted');
    if (proposal.leftToPlayFor > 0) {
      await resumeTournament(tx, this.jobs, id, 'deal');
      return { deal: record(done), finished: false };
    }
    // Nothing left to play for: everyone but the chip leader "busts" in one go, so places follow
    // the stacks (finishHand's same-hand rule: the larger stack places higher, equal stacks share).
    const leader = [...players].sort((a, b) => b.stack - a.stack || a.entryId - b.entryId)[0];
    const playerCount = players.length;
    const result: HandResult = {
      dealtIn: players.map((p, i) => ({ userId: p.userId, stack: p.stack, order: i })),
      after: new Map(players.map((p) => [p.userId, p.userId === leader.userId ? p.stack : 0])),
    };
    const outcome = finishHand(
      {
        ...loaded.state,
        seating: {
          ...loaded.state.seating!,
          tables: loaded.state.seating!.tables.map((x) => ({ ...x, handInProgress: false })),
        },
      },
      table.tableId,
      result,
      {
        rng: { nextUint32: () => 0 },
        currentLevel: Number.MAX_SAFE_INTEGER,
        paidPlaces: (k) => prizeTableOf(row.config, k || paidEntries(loaded.state.registration)).paidPlaces,
      },
    );
    if (!outcome.finished || playerCount < 2) throw new Error(`deal of tournament ${id} did not end it`);
    await results.markBusted(tx, bookId, outcome.busted);
    await saveState(tx, id, loaded, outcome.state, undefined, {
      json: JSON.stringify(smallOf(outcome.state)),
      status: 'paying',
    });
    await tournamentPauseRepository.clear(tx, id);
    this.logger.log({
      msg: 'deal ended the tournament',
      tournamentId: id,
      winner: entryIdOf(outcome.state.winner ?? 'e0'),
    });
    return { deal: record(done), finished: true };
  }
}
