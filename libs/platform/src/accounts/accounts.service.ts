// Registration, login and roles. Passwords: bcryptjs (cost 10, 72-byte limit enforced by the
// DTO). Tokens: the platform's TokenService (HS256 JWT). Every new player gets a chip account
// and the welcome grant (idempotent per user, so a retried registration cannot grant twice).
import { ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { compare, hash, hashSync } from 'bcryptjs';
import type { AccessClaims, Role } from '@naiko/contracts';
import { ChipLedger, PrismaService, type User } from '@naiko/persistence';
import { TokenService } from '../auth/token.service';

export const ACCOUNTS_OPTIONS = Symbol('ACCOUNTS_OPTIONS');

export interface AccountsOptions {
  /** Chips granted to every new player (0 = none). */
  welcomeChips: number;
  /** Login attempts per client IP per window (@nestjs/throttler). */
  loginLimit: number;
  loginWindowMs: number;
  bcryptCost: number;
}

export const DEFAULT_ACCOUNTS_OPTIONS: AccountsOptions = {
  welcomeChips: 10_000,
  loginLimit: 5,
  loginWindowMs: 60_000,
  bcryptCost: 10,
};

export interface PublicUser {
  id: string;
  username: string;
  role: Role;
  isBot: boolean;
}

export interface Session {
  accessToken: string;
  user: PublicUser;
}


const publicUser = (u: Pick<User, 'id' | 'username' | 'role' | 'isBot'>): PublicUser => ({
  id: u.id,
  username: u.username,
  role: u.role,
  isBot: u.isBot,
});

@Injectable()
export class AccountsService {
  /** Compared against when the username is unknown, so both failures take the same time. */
  private readonly dummyHash: string;

  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokenService,
    private readonly ledger: ChipLedger,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
  ) {
    this.dummyHash = hashSync(randomBytes(16).toString('hex'), options.bcryptCost);
  }

  async register(input: { username: string; password: string; email?: string }): Promise<Session> {
    const passwordHash = await hash(input.password, this.options.bcryptCost);
    let user: User;
    try {
      user = await this.prisma.user.create({
        data: { username: input.username, email: input.email ?? null, passwordHash, role: 'player' },
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') throw new ConflictException(await this.takenMessage(input));
      throw err;
    }
    await this.ledger.openUserAccount(user.id);
    if (this.options.welcomeChips > 0) {
      await this.ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: this.options.welcomeChips, note: 'welcome' });
    }
    return this.session(user);
  }

  /** Names only what the form sent and what was taken: "That username is taken: choose another one." */
  private async takenMessage(input: { username: string; email?: string }): Promise<string> {
    const byName = await this.prisma.user.findUnique({ where: { username: input.username }, select: { id: true } });
    if (byName || !input.email) return 'That username is taken: choose another one.';
    return 'That email already has an account: sign in instead, or use another email.';
  }

  async login(username: string, password: string): Promise<Session> {
    const user = await this.prisma.user.findUnique({ where: { username } });
    const ok = await compare(password, user?.passwordHash ?? this.dummyHash);
    if (!user || !user.passwordHash || !ok || user.isBot) throw new UnauthorizedException('wrong username or password');
    return this.session(user);
  }

  /** Creates a bot account (flagged BOT everywhere; it has no password and cannot log in). */
  async createBot(username: string): Promise<PublicUser> {
    const user = await this.prisma.user.create({ data: { username, role: 'player', isBot: true } });
    await this.ledger.openUserAccount(user.id);
    return publicUser(user);
  }

  async profile(userId: string): Promise<PublicUser & { chips: number }> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw new NotFoundException('no such user');
    const account = await this.ledger.account(`user:${user.id}`);
    return { ...publicUser(user), chips: account?.balance ?? 0 };
  }

  async setRole(userId: string, role: Role): Promise<PublicUser> {
    const found = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!found) throw new NotFoundException('no such user');
    return publicUser(await this.prisma.user.update({ where: { id: userId }, data: { role } }));
  }

  private session(user: User): Session {
    const claims: AccessClaims = { sub: user.id, username: user.username, role: user.role, ...(user.isBot ? { isBot: true } : {}) };
    return { accessToken: this.tokens.sign(claims), user: publicUser(user) };
  }
}
