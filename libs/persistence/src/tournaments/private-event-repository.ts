// Private events (issue 23.4) behind a named repository (issue 24 item 4): `private_events` (one
// invite code per event), `private_event_invites` (the invitees), the host of a Sit & Go or
// scheduled tournament, and the usernames an invitation looks up. The SQL is private-events.ts's as
// it was. Reads and the idempotent invite run on their own; `record` runs in the event's creating
// transaction when the caller gives one.
import type { LedgerDb, Tx } from '../ledger/ledger';

export class PrivateEventRepository {
  constructor(private readonly db: LedgerDb) {}

  async record(kind: string, eventId: number, hostId: string, code: string, tx: Tx = this.db): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO private_events (kind, event_id, host_id, invite_code)
      VALUES (${kind}, ${eventId}, ${hostId}::uuid, ${code})`;
  }

  /**
   * The event's row (`host_id` null: public), undefined when there is no such event. Both kinds are
   * scheduled tournaments (issue 21 item 2): a Sit & Go the one opened from a template (`template_id`),
   * a tournament the one without.
   */
  async hostRow(kind: 'sng' | 'mtt', eventId: number): Promise<{ host_id: string | null } | undefined> {
    const rows = await this.db.$queryRaw<{ host_id: string | null }[]>`
      SELECT host_id FROM scheduled_tournaments
      WHERE id = ${eventId} AND (template_id IS NOT NULL) = ${kind === 'sng'}`;
    return rows[0];
  }

  async inviteCode(kind: string, eventId: number): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ invite_code: string }[]>`
      SELECT invite_code FROM private_events WHERE kind = ${kind} AND event_id = ${eventId}`;
    return row?.invite_code ?? null;
  }

  async eventByCode(kind: string, code: string): Promise<number | undefined> {
    const [row] = await this.db.$queryRaw<{ event_id: number }[]>`
      SELECT event_id FROM private_events WHERE kind = ${kind} AND invite_code = ${code}`;
    return row?.event_id;
  }

  userByName(username: string): Promise<{ id: string; username: string; deletedAt: Date | null } | null> {
    return this.db.user.findUnique({
      where: { username },
      select: { id: true, username: true, deletedAt: true },
    });
  }

  /** An invitation (idempotent). */
  async addInvite(kind: string, eventId: number, userId: string, via: 'username' | 'code'): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO private_event_invites (kind, event_id, user_id, via)
      VALUES (${kind}, ${eventId}, ${userId}::uuid, ${via})
      ON CONFLICT DO NOTHING`;
  }

  async isInvited(kind: string, eventId: number, userId: string): Promise<boolean> {
    const [invited] = await this.db.$queryRaw<{ n: number }[]>`
      SELECT 1 AS n FROM private_event_invites
      WHERE kind = ${kind} AND event_id = ${eventId} AND user_id = ${userId}::uuid`;
    return !!invited;
  }

  /** The events of this kind the user hosts or is invited to, newest first (50 at most). */
  async eventsOf(kind: string, userId: string): Promise<number[]> {
    const rows = await this.db.$queryRaw<{ event_id: number }[]>`
      SELECT event_id FROM private_events WHERE kind = ${kind} AND host_id = ${userId}::uuid
      UNION
      SELECT event_id FROM private_event_invites WHERE kind = ${kind} AND user_id = ${userId}::uuid
      ORDER BY event_id DESC LIMIT 50`;
    return rows.map((r) => r.event_id);
  }

  /** Events the host has in one of these statuses, both kinds. */
  async hostedCount(hostId: string, statuses: string[]): Promise<number> {
    const [row] = await this.db.$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(*) AS n FROM scheduled_tournaments WHERE host_id = ${hostId}::uuid AND status::text = ANY(${statuses})`;
    return Number(row?.n ?? 0n);
  }

  async username(userId: string): Promise<string | undefined> {
    return (await this.db.user.findUnique({ where: { id: userId }, select: { username: true } }))?.username;
  }
}
