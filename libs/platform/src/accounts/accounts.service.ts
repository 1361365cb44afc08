// Registration, login, roles and the account's identity. Passwords: bcryptjs (cost 10, 72-byte
// limit enforced by the DTO). Sessions: SessionsService (short access JWT + rotating refresh
// token). Every change of rights or identity — role, username, password, deletion — bumps the
// user's token version and ends his sessions everywhere (issue 19.5). Every new player gets a
// chip account and the welcome grant (idempotent per user, so a retried registration cannot
// grant twice).
import { ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { compare, hash, hashSync } from 'bcryptjs';
import type { Role } from '@naiko/contracts';
import { ChipLedger, DuplicateUserError, UserRepository, type User } from '@naiko/persistence';
import { publicUser, SessionsService, type PublicUser, type Session } from './sessions.service';

export type { PublicUser, Session } from './sessions.service';

export const ACCOUNTS_OPTIONS = Symbol('ACCOUNTS_OPTIONS');

export interface AccountsOptions {
  /** Chips granted to every new player (0 = none). */
  welcomeChips: number;
  /** Login attempts per account (username) per window (@nestjs/throttler). */
  loginLimit: number;
  /** Login attempts per client IP per window, whatever the account (users behind one NAT share it). */
  loginIpLimit: number;
  loginWindowMs: number;
  /** Sign-ups per client IP per window. */
  registerLimit: number;
  registerWindowMs: number;
  bcryptCost: number;
}

export const DEFAULT_ACCOUNTS_OPTIONS: AccountsOptions = {
  welcomeChips: 10_000,
  loginLimit: 5,
  loginIpLimit: 30,
  loginWindowMs: 60_000,
  registerLimit: 10,
  registerWindowMs: 60 * 60_000,
  bcryptCost: 10,
};

@Injectable()
export class AccountsService {
  /** Compared against when the username is unknown, so both failures take the same time. */
  private readonly dummyHash: string;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionsService,
    private readonly ledger: ChipLedger,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
  ) {
    this.dummyHash = hashSync(randomBytes(16).toString('hex'), options.bcryptCost);
  }

  async register(input: { username: string; password: string; email?: string }): Promise<Session> {
    const passwordHash = await hash(input.password, this.options.bcryptCost);
    let user: User;
    try {
      user = await this.users.create({
        username: input.username,
        email: input.email ?? null,
        passwordHash,
        role: 'player',
      });
    } catch (err) {
      if (err instanceof DuplicateUserError) throw new ConflictException(await this.takenMessage(input));
      throw err;
    }
    await this.ledger.openUserAccount(user.id);
    if (this.options.welcomeChips > 0) {
      await this.ledger.grant({
        idempotencyKey: `welcome:${user.id}`,
        userId: user.id,
        amount: this.options.welcomeChips,
        note: 'welcome',
      });
    }
    return this.sessions.issue(user);
  }

  /** Names only what the form sent and what was taken: "That username is taken: choose another one." */
  private async takenMessage(input: { username: string; email?: string }): Promise<string> {
    if ((await this.users.usernameExists(input.username)) || !input.email)
      return 'That username is taken: choose another one.';
    return 'That email already has an account: sign in instead, or use another email.';
  }

  async login(username: string, password: string): Promise<Session> {
    const user = await this.users.byUsername(username);
    const ok = await compare(password, user?.passwordHash ?? this.dummyHash);
    if (!user || !user.passwordHash || !ok || user.isBot || user.deletedAt)
      throw new UnauthorizedException('wrong username or password');
    return this.sessions.issue(user);
  }

  /** Creates a bot account (flagged BOT everywhere; it has no password and cannot log in). */
  async createBot(username: string): Promise<PublicUser> {
    const user = await this.users.create({ username, role: 'player', isBot: true });
    await this.ledger.openUserAccount(user.id);
    return publicUser(user);
  }

  async profile(userId: string): Promise<PublicUser & { chips: number }> {
    const user = await this.users.byId(userId);
    if (!user || user.deletedAt) throw new NotFoundException('no such user');
    const account = await this.ledger.account(`user:${user.id}`);
    return { ...publicUser(user), chips: account?.balance ?? 0 };
  }

  async setRole(userId: string, role: Role): Promise<PublicUser> {
    return publicUser(await this.changeRights(userId, { role }));
  }

  /**
   * Renames the user; his old name is free at once, and no token carrying it works any more.
   * Refused (409 SEATED) while he has chips on a table or in a tournament: a seat keeps the name it
   * was taken with, and a freed name re-registered by someone else must not sit next to it.
   */
  async rename(userId: string, username: string): Promise<PublicUser> {
    if (await this.users.isSeated(userId))
      throw new ConflictException({
        statusCode: 409,
        code: 'SEATED',
        message: 'the player is seated at a table or in a tournament: rename him once he has left',
      });
    try {
      return publicUser(await this.changeRights(userId, { username }));
    } catch (err) {
      if (err instanceof DuplicateUserError) throw new ConflictException('username is taken');
      throw err;
    }
  }

  /**
   * Soft deletion: the row stays (ledger entries and hand histories point at it) and keeps its
   * name reserved, but it can no longer sign in and every token of it stops working.
   */
  async deleteUser(userId: string): Promise<void> {
    await this.changeRights(userId, { deletedAt: new Date() });
  }

  /** Changes the password after checking the current one; ends every session and opens a new one. */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<Session> {
    const user = await this.users.byId(userId);
    if (!user || user.deletedAt || !user.passwordHash || !(await compare(currentPassword, user.passwordHash))) {
      throw new UnauthorizedException('wrong password');
    }
    const passwordHash = await hash(newPassword, this.options.bcryptCost);
    const updated = await this.changeRights(userId, { passwordHash });
    return this.sessions.issue(updated);
  }

  /** Applies a change of rights or identity, bumps the token version and ends every session. */
  private async changeRights(
    userId: string,
    data: { role?: Role; username?: string; passwordHash?: string; deletedAt?: Date },
  ): Promise<User> {
    const found = await this.users.byId(userId);
    if (!found || found.deletedAt) throw new NotFoundException('no such user');
    const user = await this.users.changeRights(userId, data);
    await this.sessions.revokeAll(userId);
    return user;
  }
}
