// Play-money top-up (issue 22): a player below the level may claim free chips back up to it, once
// every interval. Each claim is a ledger `grant` noted `top-up`; its idempotency key names the
// claim it follows (`top-up:<user>:after:<previous transaction id | first>`), so two claims sent
// at once post one grant (the other finds it: a replay, or a conflict when the amounts differed).
//   GET  /chips/top-up   → { available, target, below, amount, nextAt, balance }
//   POST /chips/top-up   → the same after the grant; 409 TOP_UP_NOT_AVAILABLE with what to do
import { Controller, Get, HttpCode, HttpException, HttpStatus, Injectable, Post, UseGuards } from '@nestjs/common';
import type { AccessClaims, TopUpStatus } from '@naiko/contracts';
import { ChipLedger, IdempotencyConflictError } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';

export const TOP_UP = {
  /** Back up to this balance. */
  target: 10_000,
  /** Claimable while the balance is below this. */
  below: 10_000,
  /** At most one claim in this time. */
  everyMs: 4 * 60 * 60 * 1000,
} as const;

@Injectable()
export class TopUpService {
  constructor(private readonly ledger: ChipLedger) {}

  private last(userId: string): Promise<{ id: bigint; createdAt: Date } | null> {
    return this.ledger.lastTransaction('top-up', `top-up:${userId}:`);
  }

  async status(userId: string, now = Date.now()): Promise<TopUpStatus & { after: string }> {
    await this.ledger.openUserAccount(userId);
    const balance = await this.ledger.userBalance(userId);
    const last = await this.last(userId);
    const next = last ? last.createdAt.getTime() + TOP_UP.everyMs : now;
    const base = { target: TOP_UP.target, below: TOP_UP.below, balance, after: last ? last.id.toString() : 'first' };
    if (next > now) {
      return {
        ...base,
        available: false,
        amount: 0,
        nextAt: new Date(next).toISOString(),
        reason: `Free chips once every ${TOP_UP.everyMs / 3_600_000} hours: next at ${new Date(next).toISOString()}.`,
      };
    }
    if (balance >= TOP_UP.below) {
      return {
        ...base,
        available: false,
        amount: 0,
        nextAt: null,
        reason: `Free chips are for balances below ${TOP_UP.below.toLocaleString('en-US')}; you have ${balance.toLocaleString('en-US')}.`,
      };
    }
    return { ...base, available: true, amount: TOP_UP.target - balance, nextAt: null, reason: null };
  }

  async claim(userId: string): Promise<TopUpStatus> {
    const current = await this.status(userId);
    if (!current.available)
      throw new HttpException({ code: 'TOP_UP_NOT_AVAILABLE', message: current.reason }, HttpStatus.CONFLICT);
    try {
      await this.ledger.grant({
        idempotencyKey: `top-up:${userId}:after:${current.after}`,
        userId,
        amount: current.amount,
        note: 'top-up',
      });
    } catch (err) {
      if (err instanceof IdempotencyConflictError)
        throw new HttpException(
          { code: 'TOP_UP_NOT_AVAILABLE', message: 'You just claimed your free chips.' },
          HttpStatus.CONFLICT,
        );
      throw err;
    }
    const { after: _after, ...next } = await this.status(userId);
    return next;
  }
}

@Controller('chips')
@UseGuards(JwtAuthGuard)
export class TopUpController {
  constructor(private readonly topUp: TopUpService) {}

  @Get('top-up')
  async status(@CurrentUser() user: AccessClaims): Promise<TopUpStatus> {
    const { after: _after, ...shown } = await this.topUp.status(user.sub);
    return shown;
  }

  @Post('top-up')
  @HttpCode(200)
  claim(@CurrentUser() user: AccessClaims): Promise<TopUpStatus> {
    return this.topUp.claim(user.sub);
  }
}
