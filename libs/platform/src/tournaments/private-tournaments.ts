// Private scheduled tournaments (issue 23.4): a host's tournament for his invitees. It is a
// tournament of TournamentsService like the admin's (registration, start, levels, tables,
// balancing, payout: the same code and the same ledger movements); private is who may see and
// enter it (private-events.ts) and that its settings are the host's structure, checked against the
// admin's limits (private-limits.ts): registration opens at once, no entry fee, no re-entry, the
// published prize tables. The row carries `host_id` from its insert (never listed publicly). The
// host may cancel it before the start: every buy-in back through the ledger (the admin's cancel).
import { Inject, Injectable } from '@nestjs/common';
import type {
  PrivateEventLimits,
  PrivateEventSummary,
  TournamentLobbyView,
  TournamentSettingsDto,
} from '@naiko/contracts';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from './private-events';
import { checkPrivateTournament, PrivateEventError, privateBlindStructure } from './private-limits';
import { TournamentsService } from './tournaments.service';
import { TournamentLobby } from './tournament-lobby';

const PRIVATE_RECONNECT_MS = 30_000;

@Injectable()
export class PrivateTournaments {
  constructor(
    private readonly service: TournamentsService,
    private readonly store: PrivateEventStore,
    @Inject(PRIVATE_EVENT_LIMITS) readonly limits: PrivateEventLimits,
    private readonly lobby: TournamentLobby,
  ) {}

  /** Creates the host's tournament (OUTSIDE_LIMITS / BAD_SETTINGS / TOO_MANY_OPEN refuse it whole). */
  async create(hostId: string, input: unknown): Promise<{ tournamentId: number; inviteCode: string }> {
    const now = Date.now();
    const checked = checkPrivateTournament(input, this.limits, now);
    await this.store.requireRoom(hostId, this.limits.maxOpenPerHost);
    const settings: TournamentSettingsDto = {
      name: checked.name,
      game: checked.game,
      bettingStructure: checked.bettingStructure,
      registrationOpensAt: new Date(now).toISOString(),
      startsAt: checked.startsAt,
      lateRegistrationUntilLevel: checked.lateRegistrationUntilLevel,
      minEntrants: checked.minEntrants,
      maxEntrants: checked.maxEntrants,
      buyIn: checked.buyIn,
      fee: 0,
      startingStack: checked.startingStack,
      blindStructure: privateBlindStructure(checked),
      tableSize: checked.tableSize,
      reEntry: false,
      clock: { decisionMs: checked.decisionMs, reconnectMs: PRIVATE_RECONNECT_MS },
    };
    const row = await this.service.create(settings, { hostId });
    return { tournamentId: row.id, inviteCode: await this.store.record(undefined, 'mtt', row.id, hostId) };
  }

  /** Registration of the host or an invitee (or a code holder); NOT_INVITED changes nothing. */
  async register(
    id: number,
    userId: string,
    code?: string,
  ): Promise<{ entryId: number; late: boolean; reEntry: boolean }> {
    await this.requirePrivate(id, userId, code);
    return this.service.register(id, userId);
  }

  /** Joins with an invite link's code (the player becomes an invitee), and registers when asked. */
  async join(userId: string, code: string, register: boolean): Promise<PrivateEventSummary> {
    const id = await this.store.byCode('mtt', code);
    await this.store.access('mtt', id, userId, code);
    if (register) await this.service.register(id, userId);
    return this.summary(id, userId);
  }

  /** The same lobby view as a public tournament's (deal, pause, tables, next level), for its host and invitees. */
  async view(id: number, userId: string): Promise<TournamentLobbyView> {
    await this.requirePrivate(id, userId);
    return this.lobby.view(id);
  }

  private async requirePrivate(id: number, userId: string, code?: string): Promise<void> {
    const access = await this.store.access('mtt', id, userId, code);
    if (!access) throw new PrivateEventError('NOT_FOUND', `tournament ${id} is not a private event`);
  }

  /** The host cancels before the start (ALREADY_STARTED after): the admin's cancel, every entry refunded. */
  async cancel(id: number, hostId: string): Promise<{ status: string }> {
    await this.store.requireHost('mtt', id, hostId);
    return this.service.cancel(id, { beforeStartOnly: true });
  }

  /** "My games": the private tournaments the user hosts or is invited to. */
  async mine(userId: string): Promise<PrivateEventSummary[]> {
    const ids = await this.store.eventsOf('mtt', userId);
    return Promise.all(ids.map((id) => this.summary(id, userId)));
  }

  async summary(id: number, userId: string): Promise<PrivateEventSummary> {
    const [tournamentView, hostId] = await Promise.all([this.service.view(id), this.store.hostOf('mtt', id)]);
    const host = hostId ?? '';
    return {
      kind: 'mtt',
      eventId: id,
      name: tournamentView.name,
      status: tournamentView.phase,
      hostId: host,
      hostName: await this.store.username(host),
      inviteCode: host === userId ? await this.store.inviteCode('mtt', id) : null,
      buyIn: tournamentView.buyIn,
      registered: tournamentView.entries,
      capacity: tournamentView.maxEntrants,
      startsAt: tournamentView.startsAt,
      youAreRegistered:
        tournamentView.phase !== 'cancelled' && tournamentView.entrants.some((e) => e.userId === userId),
    };
  }
}
