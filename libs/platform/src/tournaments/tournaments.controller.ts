// HTTP side of scheduled tournaments: the admin API (role admin: create, edit before the start,
// cancel with refunds, list), the public lobby (list, one tournament's lobby view, its entrants a
// page at a time) and the players' registration and unregistration.
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { TournamentEditDto, TournamentEntrantsQuery, type AccessClaims } from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { TournamentError } from './tournaments.errors';
import { FaultBoard } from '../health/fault-board';
import { PlayAllowedGuard } from '../fair-play/gate';
import { TournamentsService, type TournamentRow } from './tournaments.service';
import { PrivateEventStore } from './private-events';
import { inviteCodeOf, privateHttp } from './private-http';
import { PrivateTournaments } from './private-tournaments';
import { TournamentLobby } from './tournament-lobby';
import { parse } from '../lobby/lobby.controller';

const STATUS: Record<string, HttpStatus> = {
  NOT_FOUND: HttpStatus.NOT_FOUND,
  UNKNOWN_ACCOUNT: HttpStatus.NOT_FOUND,
  BAD_SETTINGS: HttpStatus.BAD_REQUEST,
  SEAT_VALUE_TOO_LOW: HttpStatus.BAD_REQUEST,
  INSUFFICIENT_FUNDS: HttpStatus.CONFLICT,
};

async function domain<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TournamentError || err instanceof LedgerError) {
      throw new HttpException({ code: err.code, message: err.message }, STATUS[err.code] ?? HttpStatus.CONFLICT);
    }
    throw err;
  }
}

const summary = (row: Omit<TournamentRow, 'state' | 'loaded'>) => ({
  tournamentId: row.id,
  name: row.name,
  status: row.status,
  startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
  registrationOpensAt: new Date(row.registration_opens_at).toISOString(),
  settings: row.config,
});

@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly service: TournamentsService,
    private readonly faults: FaultBoard,
    private readonly privateEvents: PrivateEventStore,
    private readonly privateTournaments: PrivateTournaments,
    private readonly lobbyView: TournamentLobby,
  ) {}

  @Get()
  async lobby() {
    // Hosts' private tournaments are not listed (their players see them under /private-events/mtt).
    return (await this.service.list()).filter((r) => !(r as { host_id?: string | null }).host_id).map(summary);
  }

  @Get(':id')
  async view(@Param('id', ParseIdPipe) id: number) {
    return domain(async () => {
      const host = await this.privateEvents.hostOf('mtt', id).catch(() => null);
      if (host) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
      return this.lobbyView.view(id);
    });
  }

  /** The entrants in standings order, a page at a time, or those whose name holds `q` ("find player"). */
  @Get(':id/entrants')
  async entrants(@Param('id', ParseIdPipe) id: number, @Query() query: unknown) {
    const page = parse(TournamentEntrantsQuery, query);
    return domain(async () => {
      const host = await this.privateEvents.hostOf('mtt', id).catch(() => null);
      if (host) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
      return this.lobbyView.entrants(id, page);
    });
  }

  /**
   * The admin's view of a tournament's runner in this process: what is failing right now (the
   * runner loop or a table that cannot deal, with how often and since when) and the hand
   * transaction and balancing times.
   */
  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @Get(':id/runner')
  async runner(@Param('id', ParseIdPipe) id: number) {
    await domain(() => this.service.get(id));
    return { tournamentId: id, faults: this.faults.list(`mtt:${id}`), ...this.service.timings.summary(id) };
  }

  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @Post()
  async create(@Body() body: unknown) {
    return summary(await domain(() => this.service.create(body)));
  }

  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @Patch(':id')
  async edit(@Param('id', ParseIdPipe) id: number, @Body() body: unknown) {
    const parsed = TournamentEditDto.safeParse(body);
    if (!parsed.success)
      throw new HttpException({ code: 'BAD_SETTINGS', message: parsed.error.message }, HttpStatus.BAD_REQUEST);
    return summary(await domain(() => this.service.edit(id, parsed.data)));
  }

  @UseGuards(JwtAuthGuard)
  @Roles('admin')
  @Delete(':id')
  async cancel(@Param('id', ParseIdPipe) id: number) {
    return domain(() => this.service.cancel(id));
  }

  @UseGuards(JwtAuthGuard, PlayAllowedGuard)
  @Post(':id/register')
  async register(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims, @Body() body: unknown) {
    // A private tournament takes its host, invitees and invite-code holders only (NOT_INVITED).
    if (await this.privateEvents.hostOf('mtt', id).catch(() => null)) {
      return privateHttp(() => this.privateTournaments.register(id, user.sub, inviteCodeOf(body)));
    }
    return domain(() => this.service.register(id, user.sub));
  }

  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  @Post(':id/unregister')
  async unregister(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    await domain(() => this.service.unregister(id, user.sub));
    return { ok: true };
  }
}
