// Private Sit & Go (issue 23.4): a host's one-table game for his invitees. It is a Sit & Go instance
// like any other, so a tournament without a start time (sit-and-go.service.ts): registration, start,
// blind steps, table, payout are the tournament's code and ledger movements. What is private is who
// may see and enter it (../tournaments/private-events.ts, kind `sng`) and that its settings are the
// host's, checked against the admin's limits (../tournaments/private-limits.ts), with no entry fee.
// The row carries `host_id` from its insert; its template id `private-<code>` names this one game. The
// host may cancel it before it starts: the tournament's cancel, every buy-in back through the ledger.
import { Inject, Injectable } from '@nestjs/common';
import type { PrivateEventLimits, PrivateEventSummary, SitAndGoView } from '@naiko/contracts';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from '../tournaments/private-events';
import { checkPrivateSitAndGo, PrivateEventError, privateBlindStructure } from '../tournaments/private-limits';
import { TournamentsService } from '../tournaments/tournaments.service';
import { SitAndGoService, type RegisterResult } from './sit-and-go.service';
import { tournamentSettingsOf } from './template-settings';
import { checkTemplate } from './templates';

/** A private game's players may come back after a disconnection for this long (the cash tables' window). */
const PRIVATE_RECONNECT_MS = 30_000;

@Injectable()
export class PrivateSitAndGos {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly service: SitAndGoService,
    private readonly store: PrivateEventStore,
    @Inject(PRIVATE_EVENT_LIMITS) readonly limits: PrivateEventLimits,
  ) {}

  /** Creates the host's Sit & Go (OUTSIDE_LIMITS / BAD_SETTINGS / TOO_MANY_OPEN refuse it whole). */
  async create(hostId: string, input: unknown): Promise<{ instanceId: number; inviteCode: string }> {
    const checked = checkPrivateSitAndGo(input, this.limits);
    await this.store.requireRoom(hostId, this.limits.maxOpenPerHost);
    // Not a published template: its id only names this one game (instance number 1).
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
    const settings = { ...tournamentSettingsOf(template, 1), name: checked.name };
    // A new template id: its instance 1 is created here, with the host's name.
    const instanceId = await this.tournaments.openInstance(template.templateId, () => settings, hostId);
    const inviteCode = await this.store.record(undefined, 'sng', instanceId, hostId);
    this.service.notifyChanged(instanceId);
    return { instanceId, inviteCode };
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
   * The host cancels before the start (ALREADY_STARTED once it has filled): the tournament's cancel,
   * every registered player's buy-in back, in one transaction under the tournament's lock, so it
   * serialises with a registration taking the last seat: whichever comes first wins.
   */
  async cancel(instanceId: number, hostId: string): Promise<{ refunded: number }> {
    await this.store.requireHost('sng', instanceId, hostId);
    const before = await this.service.view(instanceId);
    await this.tournaments.cancel(instanceId, { beforeStartOnly: true });
    this.service.notifyChanged(instanceId);
    return { refunded: before.registered };
  }

  /** "My games": the private Sit & Gos the user hosts or is invited to. */
  async mine(userId: string): Promise<PrivateEventSummary[]> {
    const ids = await this.store.eventsOf('sng', userId);
    return Promise.all(ids.map((id) => this.summary(id, userId)));
  }

  async summary(instanceId: number, userId: string): Promise<PrivateEventSummary> {
    const [sitAndGoView, instance] = await Promise.all([
      this.service.view(instanceId),
      this.service.instance(instanceId),
    ]);
    const hostId = instance.hostId ?? '';
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
