// Refresh tokens (the stored half of a session, issue 19.5) behind one named repository: only the
// token's SHA-256 is stored; SessionsService (libs/platform accounts) decides rotation and reuse.
import type { PrismaClient, RefreshToken, User } from '../generated/prisma/client';

export interface NewRefreshToken {
  userId: string;
  tokenHash: string;
  tokenVersion: number;
  expiresAt: Date;
}

export type RefreshTokenWithUser = RefreshToken & { user: User };

/** The refresh tokens SessionsService depends on (also the Nest token; `PrismaSessionRepository` implements it). */
export abstract class SessionRepository {
  abstract create(token: NewRefreshToken): Promise<void>;
  abstract byHash(tokenHash: string): Promise<RefreshTokenWithUser | null>;
  /**
   * Revokes the token if it is not revoked yet, atomically (one conditional UPDATE): of two
   * concurrent claims of one token only one gets true.
   */
  abstract claim(tokenId: string): Promise<boolean>;
  /** Revokes every live token of the user (a rotated token was presented again). */
  abstract revokeAllOf(userId: string): Promise<void>;
  /** Revokes the token with this hash if it is live; unknown hashes are ignored (logout). */
  abstract revokeByHash(tokenHash: string): Promise<void>;
  /** Drops every token of the user (his token version changed). */
  abstract deleteAllOf(userId: string): Promise<void>;
}

type Db = Pick<PrismaClient, 'refreshToken'>;

export class PrismaSessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(token: NewRefreshToken): Promise<void> {
    await this.db.refreshToken.create({ data: token });
  }

  byHash(tokenHash: string): Promise<RefreshTokenWithUser | null> {
    return this.db.refreshToken.findUnique({ where: { tokenHash }, include: { user: true } });
  }

  async claim(tokenId: string): Promise<boolean> {
    const claimed = await this.db.refreshToken.updateMany({
      where: { id: tokenId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return claimed.count > 0;
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  async revokeByHash(tokenHash: string): Promise<void> {
    await this.db.refreshToken.updateMany({ where: { tokenHash, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.refreshToken.deleteMany({ where: { userId } });
  }
}
