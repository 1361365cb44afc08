// Read-only hand history for the web client: a player's own finished hands, one hand's events as
// that player may see them (engine viewEvents for his seat: opponents' unshown cards stay hidden),
// and the hand as PHH text with the same cards hidden ('??'), for download.
//   GET /me/hands            → { hands: [{ id, tableId, tournamentId, handNumber, variant, structure, startedAt, endedAt }] }
//   GET /me/hands/:id        → { id, handNumber, seat, config: { variant, structure, stakes, button, seats }, players, events }
//   GET /me/hands/:id/phh    → text/plain attachment
import { Controller, Get, Header, HttpException, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Res, UseGuards } from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import { PhhError, viewEvents, type HandEvent } from '@naiko/engine';
import { HandStore, PrismaService, type StoredHand } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';

interface HandRow {
  id: string;
  table_id: string | null;
  tournament_id: string | null;
  hand_number: number | null;
  variant: string | null;
  structure: string | null;
  started_at: Date;
  ended_at: Date | null;
}

@UseGuards(JwtAuthGuard)
@Controller('me/hands')
export class HandHistoryController {
  private readonly hands: HandStore;

  constructor(private readonly prisma: PrismaService) {
    this.hands = new HandStore(prisma);
  }

  @Get()
  async list(@CurrentUser() user: AccessClaims) {
    const rows = await this.prisma.$queryRaw<HandRow[]>`
      SELECT id, table_id, tournament_id, hand_number, config->>'variant' AS variant, config->>'structure' AS structure, started_at, ended_at
      FROM hands
      WHERE status = 'completed' AND players @> ${JSON.stringify([{ userId: user.sub }])}::jsonb
      ORDER BY started_at DESC
      LIMIT 100`;
    return {
      hands: rows.map((r) => ({ id: r.id, tableId: r.table_id, tournamentId: r.tournament_id, handNumber: r.hand_number, variant: r.variant, structure: r.structure, startedAt: r.started_at, endedAt: r.ended_at })),
    };
  }

  private async ownHand(id: string, userId: string): Promise<{ hand: StoredHand; seat: number }> {
    const hand = await this.hands.getHand(id).catch(() => null);
    const me = hand?.players.find((p) => p.userId === userId);
    if (!hand || !me || hand.status !== 'completed') throw new NotFoundException('no such hand of yours');
    return { hand, seat: me.seat };
  }

  @Get(':id')
  async one(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims) {
    const { hand, seat } = await this.ownHand(id, user.sub);
    const events = (await this.hands.events(id)).map((e) => e.payload as HandEvent);
    const ids = hand.players.map((p) => p.userId);
    const users = await this.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true, isBot: true } });
    const nameOf = new Map(users.map((u) => [u.id, u]));
    const c = hand.config;
    return {
      id: hand.id,
      tableId: hand.tableId,
      handNumber: hand.handNumber,
      seat,
      config: { variant: c.variant, structure: c.structure, stakes: c.stakes, button: c.button, seats: c.seats },
      players: hand.players.map((p) => ({ seat: p.seat, name: nameOf.get(p.userId)?.username ?? '?', isBot: nameOf.get(p.userId)?.isBot ?? false })),
      events: viewEvents(events, seat),
    };
  }

  @Get(':id/phh')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async phh(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims, @Res({ passthrough: true }) res: { setHeader(k: string, v: string): void }): Promise<string> {
    const { seat } = await this.ownHand(id, user.sub);
    let text: string;
    try {
      // Exported from the seat's own view: every card it could not see at the table is '??'.
      text = await this.hands.exportPhh(id, seat);
    } catch (err) {
      if (err instanceof PhhError) throw new HttpException({ code: 'PHH_UNSUPPORTED', message: err.message }, HttpStatus.UNPROCESSABLE_ENTITY);
      throw err;
    }
    res.setHeader('Content-Disposition', `attachment; filename="naiko-hand-${id}.phh"`);
    return text;
  }
}
