// Is the user behind a valid token still allowed in? (issue 19.5) A JWT proves who signed in and
// what rights he had *then*; this checks the account *now*: it exists, it is not deleted and its
// token version is the token's (every change of role, name or password and every deletion bumps
// the version). Asked on every authenticated HTTP request, every privileged socket event and
// every socket connection. The answer is cached per process for AUTH_STATE_CACHE_MS (a few
// seconds) and dropped at once on a change made by this process; other processes see the change
// when their entry expires, and the change's `disconnectUser` reaches their sockets at once
// through the socket.io adapter (Redis).
import { Inject, Injectable } from '@nestjs/common';
import type { AccessClaims, Role } from '@naiko/contracts';
import { PrismaService } from '@naiko/persistence';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { InvalidTokenError } from './token.service';

export class RevokedTokenError extends InvalidTokenError {
  override name = 'RevokedTokenError';
}

export interface UserAccessState {
  username: string;
  role: Role;
  tokenVersion: number;
  deleted: boolean;
}

/** Every socket of a user joins this room, so a revocation can close them all, on every process. */
export const userRoom = (userId: string): string => `user:${userId}`;

interface SocketServerLike {
  in(room: string): { disconnectSockets(close?: boolean): void };
}

const MAX_CACHED = 50_000;

@Injectable()
export class UserAccess {
  private readonly cache = new Map<string, { state: UserAccessState | null; until: number }>();
  private readonly servers = new Set<SocketServerLike>();
  private readonly ttlMs: number;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_STATE_CACHE_MS'>,
  ) {
    this.ttlMs = config.AUTH_STATE_CACHE_MS;
  }

  /** The account's current state, null when there is no such user. */
  async state(userId: string): Promise<UserAccessState | null> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && hit.until > now) return hit.state;
    const row = await this.prisma.user.findUnique({
      where: { id: userId },
      select: { username: true, role: true, tokenVersion: true, deletedAt: true },
    });
    const state = row ? { username: row.username, role: row.role, tokenVersion: row.tokenVersion, deleted: row.deletedAt !== null } : null;
    if (this.ttlMs > 0) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(userId, { state, until: now + this.ttlMs });
    }
    return state;
  }

  /** The claims when the account still stands behind them; throws RevokedTokenError otherwise. */
  async check(claims: AccessClaims): Promise<AccessClaims> {
    // Not a uuid: no such user (and PostgreSQL would refuse the query with an error).
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)) throw new RevokedTokenError('no such user');
    const state = await this.state(claims.sub);
    if (!state) throw new RevokedTokenError('no such user');
    if (state.deleted) throw new RevokedTokenError('account deleted');
    if ((claims.ver ?? 0) !== state.tokenVersion) throw new RevokedTokenError('token revoked: sign in again');
    return claims;
  }

  /** Forget the cached state (call after changing the user's row). */
  invalidate(userId: string): void {
    this.cache.delete(userId);
  }

  /** Socket servers whose sockets a revocation closes (the platform gateway registers its own). */
  attachSocketServer(server: SocketServerLike): void {
    this.servers.add(server);
  }

  /** Closes every socket of the user, on every process sharing the socket.io adapter. */
  disconnectUser(userId: string): void {
    for (const server of this.servers) server.in(userRoom(userId)).disconnectSockets(true);
  }
}
