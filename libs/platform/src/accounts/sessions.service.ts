// Sessions (issue 19.5): a short access token (JWT, JWT_EXPIRES_IN_SECONDS, 15 min by default)
// plus a refresh token (random 256 bits, REFRESH_TOKEN_EXPIRES_IN_SECONDS). Only the refresh
// token's SHA-256 is stored. Refreshing rotates it: the presented token is revoked and a new pair
// issued. Presenting an already-revoked token again means it was copied: every refresh token of
// the user is revoked. A refresh token also dies with its user's token version, so a change of
// role, name or password, or a deletion, ends every session (`revokeAll`).
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { AccessClaims, Role } from '@naiko/contracts';
import { SessionRepository, type User } from '@naiko/persistence';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { TokenService } from '../auth/token.service';
import { UserAccess } from '../auth/user-access';

export interface PublicUser {
  id: string;
  username: string;
  role: Role;
  isBot: boolean;
}

export interface Session {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  refreshToken: string;
  user: PublicUser;
}

export const publicUser = (user: Pick<User, 'id' | 'username' | 'role' | 'isBot'>): PublicUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  isBot: user.isBot,
});

const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');

type SessionUser = Pick<User, 'id' | 'username' | 'role' | 'isBot' | 'tokenVersion'>;

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenService,
    private readonly access: UserAccess,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'REFRESH_TOKEN_EXPIRES_IN_SECONDS'>,
  ) {}

  /** A new access + refresh token pair for the user as he is now. */
  async issue(user: SessionUser): Promise<Session> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.create({
      userId: user.id,
      tokenHash: sha256(refreshToken),
      tokenVersion: user.tokenVersion,
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_EXPIRES_IN_SECONDS * 1000),
    });
    const claims: AccessClaims = {
      sub: user.id,
      username: user.username,
      role: user.role,
      ...(user.isBot ? { isBot: true } : {}),
      ver: user.tokenVersion,
    };
    return {
      accessToken: this.tokens.sign(claims),
      expiresIn: this.tokens.accessTokenSeconds,
      refreshToken,
      user: publicUser(user),
    };
  }

  /** Rotates a refresh token into a new session; 401 when it is unknown, expired, revoked or stale. */
  async refresh(refreshToken: string): Promise<Session> {
    const invalid = () => new UnauthorizedException('invalid refresh token: sign in again');
    const hash = sha256(refreshToken);
    const row = await this.sessions.byHash(hash);
    if (!row) throw invalid();
    // Revoke it first, atomically: of two concurrent uses of one token only one gets a session.
    if (!(await this.sessions.claim(row.id))) {
      // Reuse of a rotated token: whoever holds the newer one may be a thief; end them all.
      await this.sessions.revokeAllOf(row.userId);
      throw invalid();
    }
    const { user } = row;
    if (row.expiresAt.getTime() <= Date.now() || user.deletedAt || user.isBot || row.tokenVersion !== user.tokenVersion)
      throw invalid();
    return this.issue(user);
  }

  /** Ends one session (logout). Unknown tokens are ignored. */
  async revoke(refreshToken: string): Promise<void> {
    await this.sessions.revokeByHash(sha256(refreshToken));
  }

  /**
   * After the user's token version was bumped: drops his refresh tokens, forgets his cached state
   * here and closes his sockets everywhere (they reconnect only with a token of the new version).
   */
  async revokeAll(userId: string): Promise<void> {
    await this.sessions.deleteAllOf(userId);
    this.access.invalidate(userId);
    this.access.disconnectUser(userId);
  }
}
