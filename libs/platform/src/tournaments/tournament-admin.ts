// The admin's part of TournamentsService: a tournament's creation and its jobs (open registration,
// start), edits before the start, the list, and cancellation with its refunds and the tournament
// chips retired. Moved out of the service (which delegates to it) to keep that file readable; the
// cancellation and the retirement of the stacks are also what the start (too few entrants), a
// cancelled tournament's last hand and the payout run, through this class.
import { isDeepStrictEqual } from 'node:util';
import { newShuffleSeed } from '@naiko/engine';
import { postInTransaction, type Tx } from '@naiko/persistence';
import {
  cancellation,
  cancelTournament,
  createRegistration,
  paidEntries,
  startTournament,
  type RegistrationEvent,
} from '@naiko/tournament';
import { payStandingHeads } from './bounty-awards';
import { payCancellationAfterStart } from './cancel-after-start';
import { refundMovements, retireMovement } from './lifecycle-movements';
import { smallOf } from './mtt-rows';
import { newMttState, type MttState } from './mtt-state';
import { refundPurchases } from './rebuys';
import { checkSatelliteTarget } from './satellites';
import { mttSeatDrawCommitment } from './seat-draw';
import { spinSeedFor } from './spin-start';
import { mttTournamentId } from './table-ids';
import {
  checkSettings,
  lifecycleFormatOf,
  parseSettings,
  registrationConfigOf,
  type TournamentSettings,
} from './tournament-config';
import type { StoredRow, TournamentContext } from './tournament-context';
import { TournamentError } from './tournaments.errors';
import type { TournamentRow, TournamentStatus } from './tournaments.service';

/** The stored start time: null for a tournament without one (it starts when full). */
const startTimeOf = (settings: TournamentSettings): Date | null =>
  settings.startsAt === undefined ? null : new Date(settings.startsAt);

/** Who a tournament is for: the admin's (empty), a host's, or a Sit & Go template's instance. */
export interface TournamentOwner {
  hostId?: string;
  template?: { templateId: string; instanceNumber: number };
}

export class TournamentAdmin {
  constructor(private readonly context: TournamentContext) {}

  /**
   * `owner.hostId`: a host's private tournament (private-tournaments.ts), private from its insert.
   * `owner.template`: instance n of a Sit & Go or Spin template (../sit-and-go); null when that
   * instance exists already (another registration or copy opened it first).
   */
  async create(input: unknown, owner: { hostId?: string }): Promise<StoredRow>;
  async create(input: unknown, owner: TournamentOwner): Promise<StoredRow | null>;
  async create(input: unknown, owner: TournamentOwner = {}): Promise<StoredRow | null> {
    const settings = parseSettings(input);
    await checkSatelliteTarget(this.context.prisma, settings);
    const state = smallOf(newMttState(createRegistration(registrationConfigOf(settings))));
    // The seat draw's seed is fixed (and its commitment published) before anyone can register.
    const seatSeed = newShuffleSeed();
    const row = (await this.context.store.insert({
      name: settings.name,
      config: settings,
      startsAt: startTimeOf(settings),
      registrationOpensAt: new Date(settings.registrationOpensAt),
      state,
      seatSeed,
      seatCommitment: mttSeatDrawCommitment(seatSeed),
      hostId: owner.hostId ?? null,
      template: owner.template,
      // A Spin's multiplier seed is committed before anyone can register too (spin-start.ts).
      ...spinSeedFor(settings),
    })) as StoredRow | undefined;
    if (!row) return null;
    await this.schedule(row);
    // Registration open from the creation on: open it now, not a job's moment later, so that a
    // player who follows the creation can enter at once (the job, still enqueued, then finds it open).
    if (new Date(row.registration_opens_at).getTime() <= Date.now()) {
      await this.context.service.openRegistration(row.id);
      return this.context.stored(undefined, row.id);
    }
    this.context.service.changed(row.id);
    return row;
  }

  /**
   * The template's instance taking registrations: the lowest registering one, or instance last + 1
   * created with `settingsOf(n)`. Another registration (or copy) may create the same number first:
   * that insert does nothing, and the loop finds the winner's instance.
   */
  async openInstance(templateId: string, settingsOf: (n: number) => unknown, hostId?: string): Promise<number> {
    for (;;) {
      const open = await this.context.store.registeringInstance(templateId);
      if (open !== null) return open;
      const instanceNumber = (await this.context.store.lastInstanceNumber(templateId)) + 1;
      const created = await this.create(settingsOf(instanceNumber), {
        template: { templateId, instanceNumber },
        hostId,
      });
      if (created) return created.id;
    }
  }

  /**
   * Enqueues (or moves) the open-registration and start jobs to the configured times. Without a
   * start time there is no start job until the entry that fills it (`startFilled`).
   */
  async schedule(row: Pick<TournamentRow, 'id' | 'status' | 'registration_opens_at' | 'starts_at'>): Promise<void> {
    const at = (d: Date) => Math.max(0, new Date(d).getTime() - Date.now());
    for (const [name, when] of [
      ['tournamentOpenRegistration', row.registration_opens_at],
      ['tournamentStart', row.starts_at],
    ] as const) {
      if (when === null) continue;
      if (name === 'tournamentOpenRegistration' && row.status !== 'scheduled') continue;
      const job = await this.context.jobs.ensure(name, { tournamentId: row.id }, { delay: at(when) });
      if ((await job.getState()) === 'delayed') await job.changeDelay(at(when));
    }
  }

  /** Edit before the start: any subset of the settings; buy-in and fee are fixed once someone paid. */
  async edit(id: number, patch: Partial<TournamentSettings>): Promise<StoredRow> {
    const row = await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id, { seating: false });
      if (tournament.status !== 'scheduled' && tournament.status !== 'registering')
        throw new TournamentError('ALREADY_STARTED', `tournament ${id} is ${tournament.status}`);
      const settings = checkSettings(parseSettings({ ...tournament.config, ...patch }));
      await checkSatelliteTarget(tx, settings);
      const paid = paidEntries(tournament.state.registration);
      if (paid > 0 && (settings.buyIn !== tournament.config.buyIn || settings.fee !== tournament.config.fee))
        throw new TournamentError('BAD_SETTINGS', 'buy-in and fee cannot change once entries are paid');
      // Issue 25: the bounty is paid with the entry too (and refunded at the same amount). Compared as
      // values: the stored settings come back from jsonb with their keys in another order.
      if (paid > 0 && !isDeepStrictEqual(settings.bounty ?? null, tournament.config.bounty ?? null))
        throw new TournamentError('BAD_SETTINGS', 'the bounty cannot change once entries are paid');
      if (paid > settings.maxEntrants) throw new TournamentError('BAD_SETTINGS', `${paid} entries are paid already`);
      // A Spin's seed is drawn and committed at creation: being a Spin (and its table) is fixed then.
      if (!isDeepStrictEqual(settings.spin ?? null, tournament.config.spin ?? null))
        throw new TournamentError('BAD_SETTINGS', 'a Spin and its multiplier table are fixed at creation');
      // Full already, it would never start when full: the entry that fills it starts it.
      if (settings.startWhenFull && paid >= settings.maxEntrants)
        throw new TournamentError('BAD_SETTINGS', `${paid} entries are paid already: starting when full needs room`);
      const state = {
        ...tournament.state,
        registration: { ...tournament.state.registration, config: registrationConfigOf(settings) },
      };
      await this.context.store.saveSettings(tx, id, {
        name: settings.name,
        config: settings,
        startsAt: startTimeOf(settings),
        registrationOpensAt: new Date(settings.registrationOpensAt),
        state: smallOf(state),
      });
      return this.context.stored(tx, id);
    });
    await this.schedule(row);
    this.context.service.changed(id);
    return row;
  }

  async list(): Promise<StoredRow[]> {
    return (await this.context.store.all()) as StoredRow[];
  }

  /**
   * Cancels and refunds buy-in + fee of every paid entry (busted ones and re-entries included) and
   * returns every tournament chip to the tournament's issuer. A running tournament stops dealing at
   * once; the cancellation completes when the last hand in progress ends.
   */
  async cancel(id: number, opts: { beforeStartOnly?: boolean } = {}): Promise<{ status: TournamentStatus }> {
    const status = await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id);
      // A host cancels his private tournament only before it starts (private-tournaments.ts).
      const decision = cancellation(lifecycleFormatOf(tournament.config), tournament.status, opts);
      if (decision === 'already') return tournament.status;
      if (decision !== 'cancel') throw new TournamentError(decision, `tournament ${id} is ${tournament.status}`);
      if (tournament.status === 'running' && tournament.state.seating?.tables.some((t) => t.handInProgress)) {
        await this.context.save(tx, tournament, { ...tournament.state, cancelRequested: true } as MttState);
        return tournament.status;
      }
      await this.cancelNow(tx, tournament, 'by-admin');
      return 'cancelled' as const;
    });
    this.context.service.changed(id);
    return { status };
  }

  async cancelNow(tx: Tx, tournament: TournamentRow, why: 'by-admin' | 'too-few-entrants'): Promise<void> {
    const book = mttTournamentId(tournament.id);
    // Issue 25: rebuys, add-ons and the heads still standing go back too.
    await refundPurchases(tx, tournament.id, tournament.config);
    await payStandingHeads(tx, tournament.id, tournament.config, 'refund');
    const transition =
      why === 'by-admin'
        ? cancelTournament(tournament.state.registration)
        : startTournament(tournament.state.registration);
    // After the start the published rule pays instead of refunds (cancel-after-start.ts, issue 25).
    const afterStart = why === 'by-admin' && tournament.status === 'running';
    for (const event of transition.events)
      if (event.type === 'cancelled' && !afterStart) await this.refund(tx, tournament, event);
    if (afterStart) await payCancellationAfterStart(tx, tournament);
    await this.retireStacks(tx, tournament);
    await this.context.store.setEntriesStatus(tx, book, afterStart ? 'finished' : 'refunded', {
      fromStatus: afterStart ? 'playing' : undefined,
    });
    const state: MttState = { ...tournament.state, registration: transition.state };
    await this.context.save(tx, tournament, state, { status: 'cancelled' });
    await this.context.store.stampFinished(tx, tournament.id);
  }

  private async refund(
    tx: Tx,
    tournament: TournamentRow,
    event: Extract<RegistrationEvent, { type: 'cancelled' }>,
  ): Promise<void> {
    const book = mttTournamentId(tournament.id);
    for (const refund of event.refunds) {
      // The stacks are retired once for the whole tournament (retireStacks).
      const movements = refundMovements(book, refund.playerId, tournament.config, { chips: false });
      if (movements.length)
        await postInTransaction(tx, {
          idempotencyKey: `mtt:${tournament.id}:refund:${refund.entryId}`,
          reason: 'refund',
          refs: { tournamentId: book },
          movements,
        });
    }
  }

  /** Every tournament chip back to the tournament's issuer (end or cancellation). */
  async retireStacks(tx: Tx, tournament: TournamentRow): Promise<void> {
    const book = mttTournamentId(tournament.id);
    const stacks = await this.context.store.stacks(book, { positiveOnly: true }, tx);
    for (const account of stacks) {
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${tournament.id}:retire:${account.userId}:${tournament.version}`,
        reason: 'tournament_chips',
        refs: { tournamentId: book },
        movements: [retireMovement(book, account.userId)],
      });
    }
  }
}
