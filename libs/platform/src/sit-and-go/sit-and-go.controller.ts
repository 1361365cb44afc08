// HTTP side of the Sit & Go lobby. The lobby lists each template's terms (game, seats, buy-in +
// fee, starting stack, blinds, prize table or the Spin multiplier table with its funding) and its
// open instance, before anyone joins.
import { Controller, Get, HttpException, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import { prizeTableRows, sitAndGoPrizeTable, spinTableFunding } from '@naiko/tournament';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { SitAndGoError } from './sit-and-go.errors';
import { TournamentError } from '../tournaments/tournaments.errors';
import { SitAndGoService } from './sit-and-go.service';
import { PlayAllowedGuard } from '../fair-play/gate';
import { PrivateEventStore } from '../tournaments/private-events';

const STATUS: Record<string, HttpStatus> = {
  UNKNOWN_TEMPLATE: HttpStatus.NOT_FOUND,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  UNKNOWN_ACCOUNT: HttpStatus.NOT_FOUND,
  ALREADY_REGISTERED: HttpStatus.CONFLICT,
  NOT_REGISTERED: HttpStatus.CONFLICT,
  ALREADY_STARTED: HttpStatus.CONFLICT,
  FULL: HttpStatus.CONFLICT,
  NOT_OPEN: HttpStatus.CONFLICT,
  CANCELLED: HttpStatus.CONFLICT,
  FINISHED: HttpStatus.CONFLICT,
  INSUFFICIENT_FUNDS: HttpStatus.CONFLICT,
};

async function domain<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SitAndGoError || err instanceof TournamentError || err instanceof LedgerError) {
      throw new HttpException({ code: err.code, message: err.message }, STATUS[err.code] ?? HttpStatus.BAD_REQUEST);
    }
    throw err;
  }
}

@Controller('sit-and-go')
export class SitAndGoController {
  constructor(
    private readonly service: SitAndGoService,
    private readonly privateEvents: PrivateEventStore,
  ) {}

  @Get()
  async lobby() {
    return Promise.all(
      this.service.listTemplates().map(async (sitAndGoTemplate) => {
        const open = await this.service.view(await this.service.openInstanceId(sitAndGoTemplate.templateId));
        const prizes =
          sitAndGoTemplate.kind === 'spin' && sitAndGoTemplate.spinTable
            ? {
                spinTable: sitAndGoTemplate.spinTable,
                exactlyFunded: spinTableFunding(sitAndGoTemplate.spinTable, sitAndGoTemplate.buyIn).exactlyFunded,
              }
            : {
                prizeTable: prizeTableRows(
                  sitAndGoPrizeTable(sitAndGoTemplate),
                  sitAndGoTemplate.buyIn * sitAndGoTemplate.seats,
                ),
              };
        return { template: sitAndGoTemplate, prizes, open };
      }),
    );
  }

  @Get('instances/:id')
  async instance(@Param('id', ParseIdPipe) id: number) {
    return domain(async () => {
      // A private Sit & Go is not public: its view is GET /private-events/sng/:id (host and invitees).
      if ((await this.service.instance(id)).hostId) throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${id}`);
      return this.service.view(id);
    });
  }

  @UseGuards(JwtAuthGuard, PlayAllowedGuard)
  @Post(':templateId/register')
  async register(@Param('templateId') templateId: string, @CurrentUser() user: AccessClaims) {
    return domain(() => this.service.register(templateId, user.sub));
  }

  @UseGuards(JwtAuthGuard)
  @Post('instances/:id/unregister')
  async unregister(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    await domain(() => this.service.unregister(id, user.sub));
    return { ok: true };
  }
}
