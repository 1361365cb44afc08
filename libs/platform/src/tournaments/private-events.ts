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
import { PrismaService, type Tx } from '@naiko/persistence';
import { PrivateEventError } from './private-limits';
import { TableHostError } from '../tables/host-errors';

export const PRIVATE_EVENT_LIMITS = Symbol('PRIVATE_EVENT_LIMITS');

/** Statuses of an event that is still open (counts toward the host's `maxOpenPerHost`). */
const OPEN_SNG = ['registering', 'starting', 'running', 'paying'];
const OPEN_MTT = ['scheduled', 'registering', 'running', 'paying'];

export interface PrivateAccess {
  hostId: string;
  /** Why this user may enter: he hosts it, was invited, or just presented the code. */
  as: 'host' | 'invitee' | 'code';
}

@Injectable()
export class PrivateEventStore {
  constructor(private readonly prisma: PrismaService) {}

  /** A fresh invite code: 12 URL-safe characters (72 random bits). */
  newCode(): string {
    return randomBytes(9).toString('base64url');
  }

  /** Records a new private event and returns its invite code (in the event's creating transaction when given). */
  async record(db: Tx | PrismaService, kind: PrivateEventKind, eventId: number, hostId: string): Promise<string> {
    const code = this.newCode();
    await db.$executeRaw`
      INSERT INTO private_events (kind, event_id, host_id, invite_code)
      VALUES (${kind}, ${eventId}, ${hostId}::uuid, ${code})`;
    return code;
  }

  /** The host of the event, or null for a public one (NOT_FOUND when there is no such event). */
  async hostOf(kind: PrivateEventKind, eventId: number): Promise<string | null> {
    const rows =
      kind === 'sng'
        ? await this.prisma.$queryRaw<
            { host_id: string | null }[]
          >`SELECT host_id FROM sit_and_gos WHERE id = ${eventId}`
        : await this.prisma.$queryRaw<
            { host_id: string | null }[]
          >`SELECT host_id FROM scheduled_tournaments WHERE id = ${eventId}`;
    if (!rows[0]) throw new PrivateEventError('NOT_FOUND', `no private event ${kind} ${eventId}`);
    return rows[0].host_id;
  }

  async inviteCode(kind: PrivateEventKind, eventId: number): Promise<string | null> {
    const [row] = await this.prisma.$queryRaw<{ invite_code: string }[]>`
      SELECT invite_code FROM private_events WHERE kind = ${kind} AND event_id = ${eventId}`;
    return row?.invite_code ?? null;
  }

  /** The event an invite code opens (UNKNOWN_CODE when none). */
  async byCode(kind: PrivateEventKind, code: string): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ event_id: number }[]>`
      SELECT event_id FROM private_events WHERE kind = ${kind} AND invite_code = ${code}`;
    if (!row) throw new PrivateEventError('UNKNOWN_CODE', 'this invite link is not valid');
    return row.event_id;
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
    const user = await this.prisma.user.findUnique({
      where: { username },
      select: { id: true, username: true, deletedAt: true },
    });
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
    await this.prisma.$executeRaw`
      INSERT INTO private_event_invites (kind, event_id, user_id, via)
      VALUES (${kind}, ${eventId}, ${userId}::uuid, ${via})
      ON CONFLICT DO NOTHING`;
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
    const [invited] = await this.prisma.$queryRaw<{ n: number }[]>`
      SELECT 1 AS n FROM private_event_invites
      WHERE kind = ${kind} AND event_id = ${eventId} AND user_id = ${userId}::uuid`;
    if (invited) return { hostId, as: 'invitee' };
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
    const rows = await this.prisma.$queryRaw<{ event_id: number }[]>`
      SELECT event_id FROM private_events WHERE kind = ${kind} AND host_id = ${userId}::uuid
      UNION
      SELECT event_id FROM private_event_invites WHERE kind = ${kind} AND user_id = ${userId}::uuid
      ORDER BY event_id DESC LIMIT 50`;
    return rows.map((r) => r.event_id);
  }

  /** Private events the host has open (not finished, not cancelled), both kinds. */
  async openCount(hostId: string): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT (SELECT COUNT(*) FROM sit_and_gos WHERE host_id = ${hostId}::uuid AND status::text = ANY(${OPEN_SNG}))
           + (SELECT COUNT(*) FROM scheduled_tournaments
              WHERE host_id = ${hostId}::uuid AND status::text = ANY(${OPEN_MTT})) AS n`;
    return Number(row?.n ?? 0n);
  }

  async requireRoom(hostId: string, max: number): Promise<void> {
    const open = await this.openCount(hostId);
    if (open >= max)
      throw new PrivateEventError('TOO_MANY_OPEN', `you already host ${open} open private events (at most ${max})`);
  }

  async username(userId: string): Promise<string> {
    return (await this.prisma.user.findUnique({ where: { id: userId }, select: { username: true } }))?.username ?? '?';
  }
}
