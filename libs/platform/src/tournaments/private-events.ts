// Who may see and enter a private tournament (issue 23.4), with the invite rules of private cash
// tables: the host, players he invited by username, and players who came with the invite code of
// his link (they become invitees when they present it). Everyone else is refused NOT_INVITED and
// does not see the event: the public lobbies leave it out and its public view answers NOT_FOUND.
//
// The event's own row (`sit_and_gos.host_id` / `scheduled_tournaments.host_id`) is the truth for
// "private": it is set by the insert that creates the event, so the event is never public, not
// even for a moment. `private_events` holds the invite code; `private_event_invites` the invitees.
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PrivateEventKind } from '@naiko/contracts';
import { PrivateEventRepository, type Tx } from '@naiko/persistence';
import { PrivateEventError } from './private-limits';
import { TableHostError } from '../tables/host-errors';

export const PRIVATE_EVENT_LIMITS = Symbol('PRIVATE_EVENT_LIMITS');

/** Statuses of an event that is still open (counts toward the host's `maxOpenPerHost`). */
const OPEN = ['scheduled', 'registering', 'starting', 'running', 'paying'];

export interface PrivateAccess {
  hostId: string;
  /** Why this user may enter: he hosts it, was invited, or just presented the code. */
  as: 'host' | 'invitee' | 'code';
}

@Injectable()
export class PrivateEventStore {
  constructor(private readonly events: PrivateEventRepository) {}

  /** A fresh invite code: 12 URL-safe characters (72 random bits). */
  newCode(): string {
    return randomBytes(9).toString('base64url');
  }

  /** Records a new private event and returns its invite code (in the event's creating transaction when given). */
  async record(tx: Tx | undefined, kind: PrivateEventKind, eventId: number, hostId: string): Promise<string> {
    const code = this.newCode();
    await this.events.record(kind, eventId, hostId, code, tx);
    return code;
  }

  /** The host of the event, or null for a public one (NOT_FOUND when there is no such event). */
  async hostOf(kind: PrivateEventKind, eventId: number): Promise<string | null> {
    const row = await this.events.hostRow(kind, eventId);
    if (!row) throw new PrivateEventError('NOT_FOUND', `no private event ${kind} ${eventId}`);
    return row.host_id;
  }

  async inviteCode(kind: PrivateEventKind, eventId: number): Promise<string | null> {
    return this.events.inviteCode(kind, eventId);
  }

  /** The event an invite code opens (UNKNOWN_CODE when none). */
  async byCode(kind: PrivateEventKind, code: string): Promise<number> {
    const eventId = await this.events.eventByCode(kind, code);
    if (eventId === undefined) throw new PrivateEventError('UNKNOWN_CODE', 'this invite link is not valid');
    return eventId;
  }

  /** The host checks: NOT_FOUND for a public event (it has no host), NOT_HOST for anyone but him. */
  async requireHost(kind: PrivateEventKind, eventId: number, userId: string): Promise<void> {
    const host = await this.hostOf(kind, eventId);
    if (!host) throw new PrivateEventError('NOT_FOUND', `no private event ${kind} ${eventId}`);
    if (host !== userId) throw new PrivateEventError('NOT_HOST', 'only the host may do this');
  }

  /** The host invites a player by username (idempotent). */
  async inviteByName(
    kind: PrivateEventKind,
    eventId: number,
    hostId: string,
    username: string,
  ): Promise<{ userId: string; username: string }> {
    await this.requireHost(kind, eventId, hostId);
    const user = await this.events.userByName(username);
    if (!user || user.deletedAt) throw new PrivateEventError('UNKNOWN_USER', `no player ${username}`);
    await this.addInvite(kind, eventId, user.id, 'username');
    return { userId: user.id, username: user.username };
  }

  private async addInvite(
    kind: PrivateEventKind,
    eventId: number,
    userId: string,
    via: 'username' | 'code',
  ): Promise<void> {
    await this.events.addInvite(kind, eventId, userId, via);
  }

  /**
   * May `userId` see and enter the event? Null for a public event (everyone may). The host and his
   * invitees may; a player presenting the event's invite code becomes an invitee. Anyone else:
   * NOT_INVITED (nothing is recorded).
   */
  async access(kind: PrivateEventKind, eventId: number, userId: string, code?: string): Promise<PrivateAccess | null> {
    const hostId = await this.hostOf(kind, eventId);
    if (!hostId) return null;
    if (hostId === userId) return { hostId, as: 'host' };
    if (await this.events.isInvited(kind, eventId, userId)) return { hostId, as: 'invitee' };
    if (code && code === (await this.inviteCode(kind, eventId))) {
      await this.addInvite(kind, eventId, userId, 'code');
      return { hostId, as: 'code' };
    }
    throw new PrivateEventError(
      'NOT_INVITED',
      'this is a private event: only its host and invited players may enter or watch it',
    );
  }

  /**
   * A watch of one of the event's tables: anyone at a public event; at a private one its host,
   * invitees, an invite code's holder and admins — else FORBIDDEN NOT_INVITED, as a private table.
   */
  async requireWatch(
    kind: PrivateEventKind,
    eventId: number,
    user: { sub: string; role: string },
    code?: string,
  ): Promise<void> {
    if (user.role === 'admin') return;
    try {
      await this.access(kind, eventId, user.sub, code);
    } catch (err) {
      if (err instanceof PrivateEventError && err.code === 'NOT_INVITED')
        throw new TableHostError('FORBIDDEN', 'NOT_INVITED', err.message);
      throw err;
    }
  }

  /** The private events of this kind the user hosts or is invited to, newest first. */
  async eventsOf(kind: PrivateEventKind, userId: string): Promise<number[]> {
    return this.events.eventsOf(kind, userId);
  }

  /** Private events the host has open (not finished, not cancelled), both kinds. */
  async openCount(hostId: string): Promise<number> {
    return this.events.hostedCount(hostId, OPEN);
  }

  async requireRoom(hostId: string, max: number): Promise<void> {
    const open = await this.openCount(hostId);
    if (open >= max)
      throw new PrivateEventError('TOO_MANY_OPEN', `you already host ${open} open private events (at most ${max})`);
  }

  async username(userId: string): Promise<string> {
    return (await this.events.username(userId)) ?? '?';
  }
}
