// The entry points' one call before a seat or a registration (issue 26): cool-off, suspension and
// restriction (StandingService), and the same device or network at one table. The table gateway
// calls `assertMaySit(socket, tableId)` before it sends the sit to the table; the Sit & Go and
// tournament registration routes use `PlayAllowedGuard`.
//
// Same connection: the web client sends a fingerprint (a random id kept in its localStorage) in the
// socket handshake (`auth.fingerprint`); the address is the socket's. Each sit records them in
// `client_connections` (the last client a player sat down from) and compares them with those of the
// players seated (the table's seat map, asked where the table lives), through libs/table's
// `decideSameConnection`: a public table refuses the seat (FORBIDDEN `SAME_CONNECTION: ...`), a
// private table seats him and warns its host (`fairplay:same-connection`). Both are kept as a flag
// for the admin. The check and the sit are two steps: two sits at the very same moment may both
// pass (the table host is where to make it atomic).
import { CanActivate, ExecutionContext, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { AccessClaims, TablePublicState } from '@naiko/contracts';
import { FairPlayRepository } from '@naiko/persistence';
import { decideSameConnection, normaliseIp, type ConnectionInfo } from '@naiko/table';
import type { NaikoSocket } from '../gateway/platform.gateway';
import { TablesService } from '../tables/tables.service';
import { FairPlayRefusal } from './errors';
import { FlagStore } from './flags';
import { FAIR_PLAY_OPTIONS, type FairPlayOptions } from './options';
import { FairPlaySockets } from './sockets';
import { StandingService } from './standing';

/**
 * The client behind a socket: its address (the first X-Forwarded-For hop when FAIR_PLAY_TRUST_PROXY=true: behind a
 * proxy) and fingerprint.
 */
export function socketConnection(
  socket: Pick<NaikoSocket, 'handshake'>,
  userId: string,
  trustProxy = false,
): ConnectionInfo {
  const auth = socket.handshake.auth as { fingerprint?: unknown } | undefined;
  const fp =
    typeof auth?.fingerprint === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(auth.fingerprint) ? auth.fingerprint : null;
  const forwarded = trustProxy
    ? String(socket.handshake.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  const ip = forwarded || socket.handshake.address || null;
  return { userId, ip: ip ? normaliseIp(ip) : null, fingerprint: fp };
}

@Injectable()
export class FairPlayGate {
  private readonly logger = new Logger('FairPlay');

  constructor(
    private readonly repository: FairPlayRepository,
    private readonly standing: StandingService,
    private readonly flags: FlagStore,
    private readonly sockets: FairPlaySockets,
    private readonly moduleRef: ModuleRef,
    @Inject(FAIR_PLAY_OPTIONS) private readonly options: FairPlayOptions,
  ) {}

  /**
   * Before `table:sit`: throws a socket error (FORBIDDEN `COOL_OFF|SUSPENDED|RESTRICTED|SAME_CONNECTION: ...`) or
   * returns.
   */
  async assertMaySit(socket: NaikoSocket, tableId: string): Promise<void> {
    try {
      await this.checkSit(
        socket.data.user,
        socketConnection(socket, socket.data.user.sub, this.options.trustProxy),
        tableId,
      );
    } catch (err) {
      if (err instanceof FairPlayRefusal) throw err.toSocket();
      throw err;
    }
  }

  async checkSit(user: Pick<AccessClaims, 'sub' | 'username'>, conn: ConnectionInfo, tableId: string): Promise<void> {
    const table = await this.tableState(tableId, user);
    // An unknown table: the sit itself answers with the table's own refusal.
    const privateTable = table ? table.summary.private : false;
    await this.standing.assertMayPlay(user.sub, { publicGame: !privateTable });
    await this.repository.recordConnection(user.sub, conn.ip, conn.fingerprint);
    if (!table) return;
    const seatedIds = table.seatMap
      .filter((s): s is NonNullable<typeof s> => s !== null && !s.isBot && s.playerId !== user.sub)
      .map((s) => s.playerId);
    if (seatedIds.length === 0) return;
    const rows = await this.repository.connectionsOf(seatedIds);
    const decision = decideSameConnection(
      {
        tableId,
        privateTable,
        seated: rows.map((r) => ({ userId: r.userId, ip: r.ip, fingerprint: r.fingerprint })),
        candidate: conn,
      },
      this.options.sameConnection,
    );
    if (decision.decision === 'allow') return;
    const users = [user.sub, ...decision.matches.map((m) => m.userId)];
    await this.flags.record({
      signal: 'same-connection',
      pattern: decision.decision,
      userIds: users,
      keyUsers: [...users].sort(),
      evidence: { ...decision, privateTable, hostId: table.summary.hostId },
      handIds: [],
    });
    if (decision.decision === 'refuse') {
      throw new FairPlayRefusal(
        'SAME_CONNECTION',
        'someone at this table plays from the same device or network; public tables seat one of you',
      );
    }
    if (table.summary.hostId) {
      this.sockets.toUser(table.summary.hostId, 'fairplay:same-connection', {
        tableId,
        userId: user.sub,
        username: user.username,
        matches: decision.matches.map((m) => ({ userId: m.userId, on: m.on })),
      });
    }
  }

  /** Before a Sit & Go or tournament registration (public games). */
  async assertMayRegister(userId: string): Promise<void> {
    await this.standing.assertMayPlay(userId, { publicGame: true });
  }

  /** The table's seat map where it lives (this copy or its owner), or null for an unknown table. */
  private async tableState(
    tableId: string,
    user: Pick<AccessClaims, 'sub' | 'username'>,
  ): Promise<TablePublicState | null> {
    try {
      const tables = this.moduleRef.get(TablesService, { strict: false });
      // Read as the system (admin role): the seat map of a private table the sitter was invited to.
      return (await tables.command(
        { op: 'seat-map', tableId },
        { sub: user.sub, username: user.username, role: 'admin' },
      )) as TablePublicState;
    } catch (err) {
      this.logger.debug({ msg: 'seat map unavailable', tableId, err: String(err) });
      return null;
    }
  }
}

/**
 * `@UseGuards(JwtAuthGuard, PlayAllowedGuard)` on registration routes: 403 `{ code: COOL_OFF |
 * SUSPENDED | RESTRICTED }`. Optional gate: an app composed without FairPlayModule registers freely.
 */
@Injectable()
export class PlayAllowedGuard implements CanActivate {
  constructor(@Optional() private readonly gate?: FairPlayGate) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AccessClaims }>().user;
    if (!this.gate || !user) return true;
    try {
      await this.gate.assertMayRegister(user.sub);
    } catch (err) {
      if (err instanceof FairPlayRefusal) throw err.toHttp();
      throw err;
    }
    return true;
  }
}
