// The users table behind one named repository (issue 24 item 4): accounts, auth, the tables' bot
// directory and the Sit & Go bot fill read and write users only through it, so no service holds a
// Prisma query. A unique violation (username or email taken) comes out as `DuplicateUserError`,
// never as Prisma's P2002.
import type { PrismaClient, User, UserRole } from '../generated/prisma/client';

/** A username (or email) already belongs to another user; nothing was written. */
export class DuplicateUserError extends Error {
  constructor(cause: unknown) {
    super('a user with this username or email exists', { cause });
    this.name = 'DuplicateUserError';
  }
}

export interface NewUser {
  username: string;
  email?: string | null;
  passwordHash?: string;
  role?: UserRole;
  isBot?: boolean;
}

/** A change of rights or identity (each bumps the token version). */
export interface RightsChange {
  role?: UserRole;
  username?: string;
  passwordHash?: string;
  deletedAt?: Date;
}

/** What the socket and HTTP guards check a token against. */
export interface UserAccessRow {
  username: string;
  role: UserRole;
  tokenVersion: number;
  deletedAt: Date | null;
}

export interface UserName {
  id: string;
  username: string;
  isBot: boolean;
}

/** The users the platform services depend on (also the Nest token; `PrismaUserRepository` implements it). */
export abstract class UserRepository {
  /** Inserts a user; `DuplicateUserError` when the username or email is taken. */
  abstract create(user: NewUser): Promise<User>;
  abstract byId(userId: string): Promise<User | null>;
  abstract byUsername(username: string): Promise<User | null>;
  abstract usernameExists(username: string): Promise<boolean>;
  abstract accessState(userId: string): Promise<UserAccessRow | null>;
  /** Names and bot flags of the users among `userIds` that exist. */
  abstract names(userIds: readonly string[]): Promise<UserName[]>;
  /**
   * Applies a change of rights or identity and bumps the token version in the same statement;
   * `DuplicateUserError` when a new username is taken.
   */
  abstract changeRights(userId: string, change: RightsChange): Promise<User>;
  /** True while the user has chips on a cash table or in a tournament (a stack account above 0). */
  abstract isSeated(userId: string): Promise<boolean>;
  /**
   * The user named `username`, created as a bot when nobody has the name. Two callers may create
   * the same bot at once: the loser of the insert race (unique username) reads the winner's row.
   * `isBot` is false when a person holds the name.
   */
  abstract ensureBot(username: string): Promise<UserName>;
}

type Db = Pick<PrismaClient, 'user' | 'chipAccount'>;

const isUniqueViolation = (err: unknown): boolean => (err as { code?: string }).code === 'P2002';

const NAME = { id: true, username: true, isBot: true } as const;

export class PrismaUserRepository implements UserRepository {
  constructor(private readonly db: Db) {}

  async create(user: NewUser): Promise<User> {
    try {
      return await this.db.user.create({ data: user });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateUserError(err);
      throw err;
    }
  }

  byId(userId: string): Promise<User | null> {
    return this.db.user.findUnique({ where: { id: userId } });
  }

  byUsername(username: string): Promise<User | null> {
    return this.db.user.findUnique({ where: { username } });
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.db.user.findUnique({ where: { username }, select: { id: true } })) !== null;
  }

  accessState(userId: string): Promise<UserAccessRow | null> {
    return this.db.user.findUnique({
      where: { id: userId },
      select: { username: true, role: true, tokenVersion: true, deletedAt: true },
    });
  }

  names(userIds: readonly string[]): Promise<UserName[]> {
    return this.db.user.findMany({ where: { id: { in: [...userIds] } }, select: NAME });
  }

  async changeRights(userId: string, change: RightsChange): Promise<User> {
    try {
      return await this.db.user.update({ where: { id: userId }, data: { ...change, tokenVersion: { increment: 1 } } });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateUserError(err);
      throw err;
    }
  }

  async isSeated(userId: string): Promise<boolean> {
    const seated = await this.db.chipAccount.count({
      where: { userId, kind: { in: ['table_stack', 'tournament_stack'] }, balance: { gt: 0 } },
    });
    return seated > 0;
  }

  ensureBot(username: string): Promise<UserName> {
    // Prisma's upsert is not atomic: a concurrent insert of the same name fails with P2002.
    return this.db.user
      .upsert({ where: { username }, create: { username, isBot: true }, update: {}, select: NAME })
      .catch((err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
        return this.db.user.findUniqueOrThrow({ where: { username }, select: NAME });
      });
  }
}
