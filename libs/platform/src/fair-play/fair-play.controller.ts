// HTTP routes of fair play and responsible play (issue 26).
// Player: POST /fair-play/reports report a player (the table page's Report button; 20 a day: 429 TOO_MANY_REPORTS)
//            GET  /me/fair-play                cool-off, reality-check interval, restrictions, warnings
//            POST /me/cool-off                 { period: 24h | 7d | 30d }: no seat, no registration until then
//            PUT  /me/reality-check            { minutes: 5..1440 | null (the server's default) }
//   Admin:   GET  /admin/fair-play/review      flags, reports, sanctions, the accounts' names and balances
//            POST /admin/fair-play/scan        runs a scan now (job fairPlayScan) and answers its result
//            POST /admin/fair-play/sanctions   warn / restrict-public / suspend / clawback
//            POST /admin/fair-play/sanctions/:id/lift
//            POST /admin/fair-play/flags/:id/status   { status: open | dismissed | actioned } (flags and reports)
//            GET  /admin/fair-play/hands/:id   a stored hand with every card, for the replayer
// There is no route that moves chips from one player to another: chips change hands only through
// play (and an admin's claw-back, which returns them to whoever lost them). See the terms page.
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import type { z } from 'zod';
import {
  CoolOffBody,
  RealityCheckBody,
  ReportBody,
  SanctionBody,
  type AccessClaims,
  type MyFairPlayView,
} from '@naiko/contracts';
import {
  FairPlayRepository,
  HandStore,
  PrismaService,
  ResponsiblePlayRepository,
  UserRepository,
} from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { FairPlayAdminService } from './admin.service';
import { ResponsiblePlayService } from './responsible-play';
import { FairPlayScanner } from './scan';
import { StandingService } from './standing';

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new BadRequestException({
      code: 'BAD_PAYLOAD',
      message: result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    });
  return result.data;
}

const iso = (d: Date | 'indefinite' | null) => (d === null || d === 'indefinite' ? d : d.toISOString());

@UseGuards(JwtAuthGuard)
@Controller()
export class FairPlayController {
  constructor(
    private readonly admin: FairPlayAdminService,
    private readonly responsible: ResponsiblePlayService,
    private readonly standing: StandingService,
    private readonly fairPlay: FairPlayRepository,
    private readonly responsiblePlay: ResponsiblePlayRepository,
  ) {}

  @Post('fair-play/reports')
  report(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return this.admin.report(user.sub, parse(ReportBody, body));
  }

  @Get('me/fair-play')
  async mine(@CurrentUser() user: AccessClaims): Promise<MyFairPlayView> {
    const [current, minutes, warnings] = await Promise.all([
      this.standing.of(user.sub),
      this.responsiblePlay.realityCheckMinutes(user.sub),
      this.fairPlay.warningsSince(user.sub, new Date(Date.now() - 30 * 86_400_000)),
    ]);
    return {
      coolOffUntil: current.coolOffUntil?.toISOString() ?? null,
      realityCheckMinutes: Math.max(1, Math.round(this.responsible.intervalMs(minutes) / 60_000)),
      realityCheckIsDefault: minutes === null,
      restrictedFromPublicUntil: iso(current.restrictedUntil),
      suspendedUntil: iso(current.suspendedUntil),
      warnings: warnings.map((w) => ({ id: w.id.toString(), reason: w.reason, createdAt: w.createdAt.toISOString() })),
      purchases: 'none',
    };
  }

  @Post('me/cool-off')
  @HttpCode(200)
  async coolOff(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    const until = await this.responsible.coolOff(user.sub, parse(CoolOffBody, body).period);
    return { coolOffUntil: until.toISOString() };
  }

  @Put('me/reality-check')
  async realityCheck(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    const { minutes } = parse(RealityCheckBody, body);
    await this.responsible.setRealityCheckMinutes(user.sub, minutes);
    return { minutes };
  }
}

@UseGuards(JwtAuthGuard)
@Roles('admin')
@Controller('admin/fair-play')
export class FairPlayAdminController {
  private readonly hands: HandStore;

  constructor(
    private readonly admin: FairPlayAdminService,
    private readonly scanner: FairPlayScanner,
    private readonly users: UserRepository,
    // The hand store is the persistence library's own (calls to it are not queries of this controller).
    prisma: PrismaService,
  ) {
    this.hands = new HandStore(prisma);
  }

  @Get('review')
  review(@Query('status') status?: string) {
    const wanted = status === 'dismissed' || status === 'actioned' || status === 'all' ? status : 'open';
    return this.admin.review(wanted);
  }

  @Post('scan')
  @HttpCode(200)
  scan() {
    return this.scanner.scanNow();
  }

  @Post('sanctions')
  sanction(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return this.admin.sanction(user.sub, parse(SanctionBody, body));
  }

  @Post('sanctions/:id/lift')
  @HttpCode(200)
  async lift(@Param('id') id: string) {
    await this.admin.lift(id);
    return { ok: true };
  }

  @Post('flags/:id/status')
  @HttpCode(200)
  async status(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: { status?: unknown }) {
    const wanted = body?.status;
    if (wanted !== 'open' && wanted !== 'dismissed' && wanted !== 'actioned')
      throw new BadRequestException({ code: 'BAD_PAYLOAD', message: 'status: open, dismissed or actioned' });
    await this.admin.setFlagStatus(id, wanted);
    return { ok: true };
  }

  /** The replayer's shape (GET /me/hands/:id) with every card: an admin judges folds by the cards folded. */
  @Get('hands/:id')
  async hand(@Param('id', new ParseUUIDPipe()) id: string) {
    const hand = await this.hands.getHand(id).catch(() => null);
    if (!hand) throw new NotFoundException({ code: 'NOT_FOUND', message: 'no such hand' });
    const events = (await this.hands.events(id)).map((e) => e.payload as { type: string });
    const users = await this.users.names(hand.players.map((p) => p.userId));
    const byId = new Map(users.map((u) => [u.id, u]));
    const handConfig = hand.config;
    return {
      id: hand.id,
      tableId: hand.tableId,
      handNumber: hand.handNumber,
      seat: -1,
      config: {
        variant: handConfig.variant,
        structure: handConfig.structure,
        stakes: handConfig.stakes,
        button: handConfig.button,
        seats: handConfig.seats,
      },
      players: hand.players.map((player) => ({
        seat: player.seat,
        userId: player.userId,
        name: byId.get(player.userId)?.username ?? '?',
        isBot: byId.get(player.userId)?.isBot ?? false,
      })),
      events,
    };
  }
}
