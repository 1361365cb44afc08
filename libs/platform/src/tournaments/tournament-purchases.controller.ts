// HTTP side of rebuys and add-ons (issue 25, tournaments/rebuys.ts): a seated player buys for
// himself, between his table's hands. Refusals are typed (`REBUY_REFUSED` with the rule's reason,
// `HAND_IN_PROGRESS`, `NOT_SEATED`, `INSUFFICIENT_FUNDS`) and change nothing.
import { Controller, HttpCode, HttpException, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { PlayAllowedGuard } from '../fair-play/gate';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { TournamentPurchases } from './rebuys';
import { TournamentError } from './tournaments.errors';

async function domain<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TournamentError || err instanceof LedgerError) {
      const status =
        err.code === 'NOT_FOUND' || err.code === 'UNKNOWN_ACCOUNT' ? HttpStatus.NOT_FOUND : HttpStatus.CONFLICT;
      throw new HttpException({ code: err.code, message: err.message }, status);
    }
    throw err;
  }
}

@Controller('tournaments')
export class TournamentPurchasesController {
  constructor(private readonly purchases: TournamentPurchases) {}

  @UseGuards(JwtAuthGuard, PlayAllowedGuard)
  @HttpCode(200)
  @Post(':id/rebuy')
  rebuy(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return domain(() => this.purchases.rebuy(id, user.sub));
  }

  @UseGuards(JwtAuthGuard, PlayAllowedGuard)
  @HttpCode(200)
  @Post(':id/add-on')
  addOn(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return domain(() => this.purchases.addOn(id, user.sub));
  }
}
