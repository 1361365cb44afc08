// Private Sit & Go (issue 23.4): a host's one-table game for his invitees. It is an instance of
// the Sit & Go service like any other (registration, start, blind steps, table, payout: the same
// code and the same ledger movements); what is private is who may see and enter it
// (../tournaments/private-events.ts) and that its template is the host's, checked against the
// admin's limits (../tournaments/private-limits.ts), with no entry fee. The instance row carries
// `host_id` from its insert; no next instance opens when it fills. The host may cancel it before
// it starts: every entry gets its buy-in back through the ledger, in one transaction.
import { Inject, Injectable } from '@nestjs/common';
import type { PrivateEventLimits, PrivateEventSummary, SitAndGoView } from '@naiko/contracts';
import { newShuffleSeed } from '@naiko/engine';
import { postInTransaction, SitAndGoRepository } from '@naiko/persistence';
import { cancellation, SIT_AND_GO_FORMAT, type SitAndGoTemplate } from '@naiko/tournament';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from '../tournaments/private-events';
import { checkPrivateSitAndGo, PrivateEventError, privateBlindStructure } from '../tournaments/private-limits';
import { seatDrawCommitment } from './seat-draw';
import { refundMovements } from '../tournaments/lifecycle-movements';
import { SitAndGoService, termsOf, tournamentIdOf, type InstanceRow, type RegisterResult } from './sit-and-go.service';
import { checkTemplate } from './templates';

/** A private game's players may come back after a disconnection for this long (the cash tables' window). */
const PRIVATE_RECONNECT_MS = 30_000;

@Injectable()
export class PrivateSitAndGos {
  constructor(
    private readonly sitAndGos: SitAndGoRepository,
    private readonly service: SitAndGoService,
    private readonly store: PrivateEventStore,
    @Inject(PRIVATE_EVENT_LIMITS) readonly limits: PrivateEventLimits,
  ) {}

  /** Creates the host's Sit & Go (OUTSIDE_LIMITS / BAD_SETTINGS / TOO_MANY_OPEN refuse it whole). */
  async create(hostId: string, input: unknown): Promise<{ instanceId: number; inviteCode: string }> {
    const checked = checkPrivateSitAndGo(input, this.limits);
    await this.store.requireRoom(hostId, this.limits.maxOpenPerHost);
    // Not a published template: its id only names this one game (unique with instance number 1).
    const template: SitAndGoTemplate = checkTemplate({
      templateId: `private-${this.store.newCode()}`,
      name: checked.name,
      game: checked.game,
      bettingStructure: checked.bettingStructure,
      kind: 'sit-and-go',
      seats: checked.seats,
      buyIn: checked.buyIn,
      entryFee: 0,
      startingStack: checked.startingStack,
      blindStructure: privateBlindStructure(checked),
      prizeTable: null,
      spinTable: null,
      clock: { decisionMs: checked.decisionMs, reconnectMs: PRIVATE_RECONNECT_MS },
    });
    // The seat draw is committed before anyone registers, as for every instance (seat-draw.ts).
    const seatSeed = newShuffleSeed();
    const out = await this.sitAndGos.transaction(async (tx) => {
      const instanceId = await this.sitAndGos.insertPrivateInstance(tx, {
        templateId: template.templateId,
        template,
        seatSeed,
        seatCommitment: seatDrawCommitment(seatSeed),
        hostId,
      });
      return { instanceId, inviteCode: await this.store.record(tx, 'sng', instanceId, hostId) };
    });
    this.service.notifyChanged(out.instanceId);
    return out;
  }

  /** Registration of the host or an invitee (or a code holder); NOT_INVITED changes nothing. */
  async register(instanceId: number, userId: string, code?: string): Promise<RegisterResult> {
    await this.requirePrivate(instanceId, userId, code);
    return this.service.registerInstance(instanceId, userId);
  }

  /** Joins with an invite link's code (the player becomes an invitee), and registers when asked. */
  async join(userId: string, code: string, register: boolean): Promise<PrivateEventSummary> {
    const instanceId = await this.store.byCode('sng', code);
    await this.store.access('sng', instanceId, userId, code);
    if (register) await this.service.registerInstance(instanceId, userId);
    return this.summary(instanceId, userId);
  }

  /** The view for the host and his invitees only. */
  async view(instanceId: number, userId: string): Promise<SitAndGoView> {
    await this.requirePrivate(instanceId, userId);
    return this.service.view(instanceId);
  }

  private async requirePrivate(instanceId: number, userId: string, code?: string): Promise<void> {
    const access = await this.store.access('sng', instanceId, userId, code);
    if (!access) throw new PrivateEventError('NOT_FOUND', `Sit & Go ${instanceId} is not a private event`);
  }

  /**
   * The host cancels before the start: each registered player gets his buy-in back (reason
   * `refund`, key `sng:<id>:cancel:<userId>`), his tournament chips go back to the issuer, the
   * instance ends `cancelled`. One transaction under the instance's row lock, so it serialises
   * with a registration taking the last seat: whichever comes first wins.
   */
  async cancel(instanceId: number, hostId: string): Promise<{ refunded: number }> {
    await this.store.requireHost('sng', instanceId, hostId);
    const refunded = await this.sitAndGos.transaction(async (tx) => {
      const row = (await this.sitAndGos.lock(tx, instanceId)) as InstanceRow;
      // The lifecycle's rule: a Sit & Go is cancelled only before it filled.
      if (cancellation(SIT_AND_GO_FORMAT, row.status) !== 'cancel')
        throw new PrivateEventError('ALREADY_STARTED', `Sit & Go ${instanceId} is ${row.status}: too late to cancel`);
      const tournamentId = tournamentIdOf(instanceId);
      const entries = await this.sitAndGos.registeredEntries(tx, tournamentId);
      for (const entry of entries) {
        const movements = refundMovements(tournamentId, entry.userId, termsOf(row.template), { chips: true });
        await postInTransaction(tx, {
          idempotencyKey: `sng:${instanceId}:cancel:${entry.userId}`,
          reason: 'refund',
          refs: { tournamentId },
          movements,
        });
      }
      await this.sitAndGos.refundRegistered(tx, tournamentId);
      await this.sitAndGos.markCancelled(tx, instanceId);
      return entries.length;
    });
    this.service.notifyChanged(instanceId);
    return { refunded };
  }

  /** "My games": the private Sit & Gos the user hosts or is invited to. */
  async mine(userId: string): Promise<PrivateEventSummary[]> {
    const ids = await this.store.eventsOf('sng', userId);
    return Promise.all(ids.map((id) => this.summary(id, userId)));
  }

  async summary(instanceId: number, userId: string): Promise<PrivateEventSummary> {
    const [sitAndGoView, row] = await Promise.all([this.service.view(instanceId), this.service.instance(instanceId)]);
    const hostId = row.host_id ?? '';
    return {
      kind: 'sng',
      eventId: instanceId,
      name: sitAndGoView.name,
      status: sitAndGoView.phase,
      hostId,
      hostName: await this.store.username(hostId),
      inviteCode: hostId === userId ? await this.store.inviteCode('sng', instanceId) : null,
      buyIn: sitAndGoView.buyIn,
      registered: sitAndGoView.registered,
      capacity: sitAndGoView.seats,
      startsAt: null,
      youAreRegistered: sitAndGoView.standings.some((s) => s.userId === userId) && sitAndGoView.phase !== 'cancelled',
    };
  }
}
