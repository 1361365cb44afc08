// Is the user behind a valid token still allowed in? (issue 19.5) A JWT proves who signed in and
// what rights he had *then*; this checks the account *now*: it exists, it is not deleted and its
// token version is the token's (every change of role, name or password and every deletion bumps
// the version). Asked on every authenticated HTTP request, every privileged socket event and
// every socket connection. The answer is cached per process for AUTH_STATE_CACHE_MS (a few
// seconds) and dropped at once on a change: in this process directly, in the other copies by a
// server-side event through the socket.io Redis adapter (with SOCKET_REDIS_ADAPTER; without it the
// entry expires). The change's `disconnectUser` reaches every copy's sockets the same way.
import { Inject, Injectable } from '@nestjs/common';
import type { AccessClaims, Role } from '@naiko/contracts';
import { UserRepository } from '@naiko/persistence';
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

/** Server-side socket.io event (between copies) that drops a user's cached state everywhere. */
export const USER_CHANGED_EVENT = 'naiko:user-changed';

interface ClusterServer {
  on(event: string, listener: (userId: unknown) => void): unknown;
  serverSideEmit(event: string, userId: string): unknown;
}

const MAX_CACHED = 50_000;

@Injectable()
export class UserAccess {
  private readonly cache = new Map<string, { state: UserAccessState | null; until: number }>();
  private readonly servers = new Set<SocketServerLike>();
  private readonly ttlMs: number;

  constructor(
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'AUTH_STATE_CACHE_MS' | 'SOCKET_REDIS_ADAPTER'>,
  ) {
    this.ttlMs = config.AUTH_STATE_CACHE_MS;
  }

  /** The account's current state, null when there is no such user. */
  async state(userId: string): Promise<UserAccessState | null> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && hit.until > now) return hit.state;
    const row = await this.users.accessState(userId);
    const state = row
      ? { username: row.username, role: row.role, tokenVersion: row.tokenVersion, deleted: row.deletedAt !== null }
      : null;
    if (this.ttlMs > 0) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(userId, { state, until: now + this.ttlMs });
    }
    return state;
  }

  /** The claims when the account still stands behind them; throws RevokedTokenError otherwise. */
  async check(claims: AccessClaims): Promise<AccessClaims> {
    // Not a uuid: no such user (and PostgreSQL would refuse the query with an error).
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub))
      throw new RevokedTokenError('no such user');
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
    if (this.config.SOCKET_REDIS_ADAPTER) {
      (server as unknown as ClusterServer).on(USER_CHANGED_EVENT, (userId) => {
        if (typeof userId === 'string') this.invalidate(userId);
      });
    }
  }

  /**
   * After a change of the user's rights: forgets his state here and in every other copy, and
   * closes every socket of his on every copy sharing the socket.io adapter.
   */
  disconnectUser(userId: string): void {
    this.invalidate(userId);
    for (const server of this.servers) {
      // Only the Redis adapter carries server-side events (the in-memory one just warns).
      if (this.config.SOCKET_REDIS_ADAPTER)
        (server as unknown as ClusterServer).serverSideEmit(USER_CHANGED_EVENT, userId);
      server.in(userRoom(userId)).disconnectSockets(true);
    }
  }
}
