// An account's standing now: its voluntary cool-off and the admin's sanctions in force. Asked before
// every sit and registration (FairPlayGate), so a cool-off or a suspension is the server's refusal,
// not only the client's. Read from PostgreSQL each time (a sit is not the action path): every copy
// sees a change at once.
import { Injectable } from '@nestjs/common';
import { FairPlayRepository, ResponsiblePlayRepository } from '@naiko/persistence';
import { FairPlayRefusal } from './errors';

export interface Standing {
  coolOffUntil: Date | null;
  /** null: not restricted; 'indefinite': until lifted. */
  restrictedUntil: Date | 'indefinite' | null;
  suspendedUntil: Date | 'indefinite' | null;
}

@Injectable()
export class StandingService {
  constructor(
    private readonly fairPlay: FairPlayRepository,
    private readonly responsiblePlay: ResponsiblePlayRepository,
  ) {}

  async of(userId: string, now = new Date()): Promise<Standing> {
    const [coolOffUntil, sanctions] = await Promise.all([
      this.responsiblePlay.coolOffUntil(userId),
      this.fairPlay.sanctionsInForce(userId, now),
    ]);
    const until = (kind: string): Date | 'indefinite' | null => {
      const rows = sanctions.filter((s) => s.kind === kind);
      if (rows.length === 0) return null;
      if (rows.some((r) => r.endsAt === null)) return 'indefinite';
      return new Date(Math.max(...rows.map((r) => r.endsAt!.getTime())));
    };
    const coolOff = coolOffUntil && coolOffUntil > now ? coolOffUntil : null;
    return { coolOffUntil: coolOff, restrictedUntil: until('restrict-public'), suspendedUntil: until('suspend') };
  }

  /**
   * Refuses (FairPlayRefusal) when the account may not take a seat or register: a cool-off, a
   * suspension, or — for public tables, Sit & Gos and tournaments — a restriction.
   */
  async assertMayPlay(userId: string, where: { publicGame: boolean }): Promise<void> {
    const standing = await this.of(userId);
    const when = (d: Date | 'indefinite') =>
      d === 'indefinite' ? 'until an admin lifts it' : `until ${d.toISOString()}`;
    if (standing.coolOffUntil)
      throw new FairPlayRefusal(
        'COOL_OFF',
        `you chose a cool-off: no play until ${standing.coolOffUntil.toISOString()}`,
      );
    if (standing.suspendedUntil)
      throw new FairPlayRefusal('SUSPENDED', `this account is suspended ${when(standing.suspendedUntil)}`);
    if (standing.restrictedUntil && where.publicGame)
      throw new FairPlayRefusal(
        'RESTRICTED',
        `this account may not play public games ${when(standing.restrictedUntil)}; private tables stay open`,
      );
  }
}
