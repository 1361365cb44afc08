// Registration in a scheduled tournament (TournamentsService delegates here): the open-registration
// job, an entry (late ones seated at once), a rebuy after a bust and an unregistration, each in a
// tournament-wide transaction with its ledger postings. `registerInTx` is also how a satellite's
// payout registers its seat winners in the target tournament, in the payout's own commit
// (tournament-payout.ts).
import { postInTransaction, type Tx } from '@naiko/persistence';
import {
  bustIsFinal,
  canRebuy,
  openRegistration,
  opensNow,
  paidEntries,
  phaseAfterEntry,
  registerEntry,
  RegistrationError,
  registrationRefusal,
  unregisterEntry,
  unregistrationRefusal,
} from '@naiko/tournament';
import { bountyEntryMovements } from './bounty-awards';
import { entryMovements, refundMovements } from './lifecycle-movements';
import { bustPending, liveEntryOf, replan, reviveEntry, seatLateEntry, type MttState } from './mtt-state';
import { clockAtStep, livePoolOf, postPurchase, rebuyConfigOf, type PurchaseOutcome } from './rebuys';
import { mttTournamentId } from './table-ids';
import { lifecycleFormatOf } from './tournament-config';
import type { TournamentContext } from './tournament-context';
import { TournamentError } from './tournaments.errors';

const REG_CODES: Record<string, ConstructorParameters<typeof TournamentError>[0]> = {
  'already-registered': 'ALREADY_REGISTERED',
  'not-registered': 'NOT_REGISTERED',
  'tournament-full': 'FULL',
  're-entry-not-allowed': 'RE_ENTRY_NOT_ALLOWED',
  'late-registration-closed': 'LATE_REGISTRATION_CLOSED',
  'registration-not-open': 'NOT_OPEN',
  'already-started': 'ALREADY_STARTED',
  'already-finished': 'FINISHED',
  'already-cancelled': 'CANCELLED',
};

/** libs/tournament refusals as service errors. */
function refusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RegistrationError) throw new TournamentError(REG_CODES[err.code] ?? 'BAD_SETTINGS', err.message);
    throw err;
  }
}

/** A registration's outcome: `filled` when it took the last entry of a tournament starting when full. */
export interface RegisterOutcome {
  entryId: number;
  late: boolean;
  reEntry: boolean;
  filled: boolean;
  /** Paid entries after it (re-entries count). */
  entries: number;
}

export class TournamentRegistration {
  constructor(private readonly context: TournamentContext) {}

  /** The open-registration job: `scheduled` → `registering` (a retry changes nothing). */
  async openRegistration(id: number): Promise<void> {
    await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id, { seating: false });
      if (!opensNow(tournament.status)) return;
      const next = openRegistration(tournament.state.registration).state;
      await this.context.save(tx, tournament, { ...tournament.state, registration: next }, { status: 'registering' });
    });
    this.context.service.changed(id);
  }

  /**
   * A new entry: buy-in to the prize pool, fee to the house, the starting stack issued in the
   * tournament's book. During late registration the entry (or re-entry) is seated at once.
   */
  async register(id: number, userId: string): Promise<RegisterOutcome> {
    // Refused without the row lock once late registration is over for good (the standings exist
    // from then on): a rush of entries after the start must not queue behind every table's hands.
    const quick = await this.context.store.registrationGate(id);
    if (!quick) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
    if (quick?.status === 'running' && quick.closed)
      throw new TournamentError('LATE_REGISTRATION_CLOSED', `late registration of tournament ${id} is closed`);
    const out = await this.context.runs.exclusive(id, (tx) => this.registerInTx(tx, id, userId));
    // The entry that filled a tournament starting when full starts it now.
    if (out.filled) await this.startFilled(id);
    // A late entry may open a table.
    if (out.running) for (const listener of this.context.listeners) listener.started(id);
    this.context.service.changed(id);
    return { entryId: out.entryId, late: out.late, reEntry: out.reEntry, filled: out.filled, entries: out.entries };
  }

  /**
   * The registration itself, in the caller's transaction, which holds the tournament's exclusive
   * lock (`runs.exclusive`, or a satellite's payout: its seat winners are registered in the same commit).
   * The caller publishes the change after the commit.
   */
  async registerInTx(tx: Tx, id: number, userId: string): Promise<RegisterOutcome & { running: boolean }> {
    {
      const tournament = await this.context.lock(tx, id);
      const format = lifecycleFormatOf(tournament.config);
      const refused = registrationRefusal(format, tournament.status);
      if (refused) throw new TournamentError(refused, `tournament ${id} is ${tournament.status}`);
      if (tournament.state.cancelRequested)
        throw new TournamentError('CANCELLED', `tournament ${id} is being cancelled`);
      const level = this.context.service.currentLevel(tournament);
      const tr = refusal(() => registerEntry(tournament.state.registration, userId, level));
      const ev = tr.events.find((e) => e.type === 'registered')!;
      if (ev.type !== 'registered') throw new Error('unreachable');
      const book = mttTournamentId(id);
      const movements = [
        ...entryMovements(book, userId, tournament.config),
        ...bountyEntryMovements(tournament.config, userId, id, 'in'),
      ];
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:entry:${ev.entryId}`,
        reason: 'tournament_entry',
        refs: { tournamentId: book },
        movements,
      });
      const status = tournament.status === 'running' ? ('playing' as const) : ('registered' as const);
      const data = {
        fee: BigInt(tournament.config.buyIn),
        startingStack: BigInt(tournament.config.startingStack),
        status,
        place: null,
        prize: 0n,
      };
      await this.context.store.upsertEntry(tx, book, userId, data);
      let state: MttState = { ...tournament.state, registration: tr.state };
      if (tournament.status === 'running')
        state = replan(seatLateEntry(state, userId, this.context.service.rng), this.context.service.rng).state;
      // A tournament that starts when full moves to `starting` with the entry that fills it.
      const full = paidEntries(tr.state) >= tournament.config.maxEntrants;
      const filled = phaseAfterEntry(format, tournament.status, full) === 'starting';
      const stacks = new Map([[userId, tournament.config.startingStack]]);
      await this.context.save(tx, tournament, state, filled ? { status: 'starting' } : {}, stacks);
      const running = tournament.status === 'running';
      return {
        entryId: ev.entryId,
        late: ev.late,
        reEntry: ev.reEntry,
        running,
        filled,
        entries: paidEntries(tr.state),
      };
    }
  }

  /**
   * The start job of a tournament that has filled (`starting`), due now: enqueued at once, or its
   * job delayed to the start time moved to now (the same job id: one start either way).
   */
  async startFilled(id: number): Promise<void> {
    const job = await this.context.jobs.ensure('tournamentStart', { tournamentId: id });
    if ((await job.getState()) === 'delayed') await job.promote();
  }

  /**
   * Issue 25: a busted player's rebuy during the rebuy period (rebuys.ts). His bust is not final
   * yet (it waits unplaced, libs/tournament `bustIsFinal`); within the rebuy limits he pays the rebuy
   * (and a new bounty), his entry comes back to life with the rebuy's chips and he takes a free seat
   * between hands, like a late entry (the planner runs). Refused with `REBUY_REFUSED` once the
   * period is over (his bust is final then) or his rebuys are used up; nothing changes then.
   */
  async rebuyAfterBust(id: number, userId: string): Promise<PurchaseOutcome> {
    const out = await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id);
      if (tournament.status !== 'running')
        throw new TournamentError('REBUY_REFUSED', `tournament ${id} is ${tournament.status}`);
      if (tournament.state.cancelRequested)
        throw new TournamentError('CANCELLED', `tournament ${id} is being cancelled`);
      const config = rebuyConfigOf(tournament.config);
      if (!config) throw new TournamentError('REBUY_REFUSED', 'this tournament has no rebuys');
      if (liveEntryOf(tournament.state, userId) !== null)
        throw new TournamentError('REBUY_REFUSED', 'you are still in: rebuy from your seat');
      const entry = tournament.state.registration.entries.filter((e) => e.playerId === userId).at(-1);
      if (!entry || entry.status !== 'busted')
        throw new TournamentError('NOT_SEATED', `you have no entry in tournament ${id}`);
      const clock = clockAtStep(tournament.config, tournament.step_index);
      if (bustIsFinal(config, clock) || !bustPending(tournament.state, entry.entryId))
        throw new TournamentError('REBUY_REFUSED', 'the rebuy period is over: your bust is final');
      const row = await this.context.store.lockEntryPurchases(tx, id, entry.entryId);
      const ok = canRebuy(config, clock, { stack: 0, rebuysUsed: row.rebuys, addOnUsed: row.add_on });
      if (!ok.ok)
        throw new TournamentError(
          'REBUY_REFUSED',
          ok.reason === 'rebuy-limit-reached' ? 'no rebuys left' : 'the rebuy period is over',
        );
      await postPurchase(tx, id, tournament.config, userId, entry.entryId, row.rebuys + 1);
      const chips = config.rebuy.chips;
      // His old head went to his eliminators at the bust: the new bounty is his whole head.
      const counts = await this.context.store.countRebuy(tx, id, entry.entryId);
      await this.context.store.setEntriesStatus(tx, mttTournamentId(id), 'playing', { userIds: userId });
      const state = replan(
        reviveEntry(tournament.state, entry.entryId, this.context.service.rng),
        this.context.service.rng,
      ).state;
      await this.context.save(tx, tournament, state, {}, new Map([[userId, chips]]));
      return {
        kind: 'rebuy' as const,
        entryId: entry.entryId,
        chips,
        stack: chips,
        rebuys: row.rebuys + 1,
        addOn: row.add_on,
        prizePool: livePoolOf(
          tournament.config,
          paidEntries(tournament.state.registration),
          counts.rebuys_bought,
          counts.add_ons_bought,
        ),
      };
    });
    for (const listener of this.context.listeners) listener.started(id); // a table may open for him
    this.context.service.changed(id);
    return out;
  }

  /** Before the start: the live entry is withdrawn, buy-in and fee back, its chips back to the issuer. */
  async unregister(id: number, userId: string): Promise<void> {
    await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id);
      const refused = unregistrationRefusal(tournament.status);
      if (refused) throw new TournamentError(refused, `tournament ${id} is ${tournament.status}`);
      const tr = refusal(() => unregisterEntry(tournament.state.registration, userId));
      const ev = tr.events[0];
      if (ev.type !== 'unregistered') throw new Error('unreachable');
      const book = mttTournamentId(id);
      const movements = [
        ...refundMovements(book, userId, tournament.config, { chips: true }),
        ...bountyEntryMovements(tournament.config, userId, id, 'out'),
      ];
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:unreg:${ev.entryId}`,
        reason: 'refund',
        refs: { tournamentId: book },
        movements,
      });
      await this.context.store.updateEntry(tx, book, userId, { status: 'refunded' });
      await this.context.save(tx, tournament, { ...tournament.state, registration: tr.state });
    });
    this.context.service.changed(id);
  }
}
