// Read-only hand history for the web client: a player's own finished hands, one hand's events as
// that player may see them (engine viewEvents for his seat: opponents' unshown cards stay hidden),
// and the hand as PHH text with the same cards hidden ('??'), for download.
// GET /me/hands → { hands: [{ id, tableId, tournamentId, handNumber, variant, structure, startedAt, endedAt }] } GET
// /me/hands/:id → { id, handNumber, seat, config: { variant, structure, stakes, button, seats }, players, events }
//   GET /me/hands/:id/phh    → text/plain attachment
//   GET /me/hands/:id/proof  → the deal proof for this player (issue 19.1): the commitment, the openings of
//                              the cards he saw, and the seed once disclosed (table closed or 24 h after
//                              the hand; deal-disclosure.ts). `npm run -s verify-hand -- FILE` checks it.
import {
  Controller,
  Get,
  Header,
  HttpException,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import {
  DEAL_SCHEME,
  dealFromSeed,
  firstDeckSize,
  openingsFor,
  PhhError,
  viewEvents,
  type HandEvent,
} from '@naiko/engine';
import { HandHistoryRepository, HandStore, PrismaService, UserRepository, type StoredHand } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { seedDisclosure } from './deal-disclosure';

@UseGuards(JwtAuthGuard)
@Controller('me/hands')
export class HandHistoryController {
  private readonly hands: HandStore;

  constructor(
    private readonly history: HandHistoryRepository,
    private readonly users: UserRepository,
    // The hand store is the persistence library's own (calls to it are not queries of this controller).
    prisma: PrismaService,
  ) {
    this.hands = new HandStore(prisma);
  }

  @Get()
  async list(@CurrentUser() user: AccessClaims) {
    const rows = await this.history.completedHandsOf(user.sub);
    return {
      hands: rows.map((row) => ({
        id: row.id,
        tableId: row.table_id,
        tournamentId: row.tournament_id,
        handNumber: row.hand_number,
        variant: row.variant,
        structure: row.structure,
        startedAt: row.started_at,
        endedAt: row.ended_at,
      })),
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
    const users = await this.users.names(ids);
    const nameOf = new Map(users.map((u) => [u.id, u]));
    const handConfig = hand.config;
    return {
      id: hand.id,
      tableId: hand.tableId,
      handNumber: hand.handNumber,
      seat,
      config: {
        variant: handConfig.variant,
        structure: handConfig.structure,
        stakes: handConfig.stakes,
        button: handConfig.button,
        seats: handConfig.seats,
      },
      players: hand.players.map((player) => ({
        seat: player.seat,
        name: nameOf.get(player.userId)?.username ?? '?',
        isBot: nameOf.get(player.userId)?.isBot ?? false,
      })),
      events: viewEvents(events, seat),
    };
  }

  @Get(':id/proof')
  async proof(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims) {
    const { hand, seat } = await this.ownHand(id, user.sub);
    const seed = await this.hands.dealSeed(id);
    if (seed === null || hand.commitment === null)
      throw new NotFoundException({
        code: 'NO_DEAL_PROOF',
        message: 'this hand was dealt before the deal commitment (no proof stored)',
      });
    const endedAt = await this.history.endedAt(id);
    const disclosure = seedDisclosure({ endedAt, tableClosed: await this.tableClosed(hand) }, new Date());
    const events = (await this.hands.events(id)).map((e) => e.payload as HandEvent);
    const { deck } = dealFromSeed(hand.config, seed);
    return {
      handId: hand.id,
      tableId: hand.tableId,
      tournamentId: hand.tournamentId,
      handNumber: hand.handNumber,
      seat,
      scheme: DEAL_SCHEME,
      commitment: hand.commitment,
      // The engine config the deck was dealt for: with the seed it reproduces the whole deal.
      config: hand.config,
      openings: openingsFor(deck, seed, firstDeckSize(hand.config), events, seat),
      seed: disclosure.disclosed ? seed : null,
      seedDisclosure: { reason: disclosure.reason, availableAt: disclosure.availableAt },
    };
  }

  /** Whether the hand's table — or the tournament it was played in — is closed. */
  private async tableClosed(hand: StoredHand): Promise<boolean> {
    if (hand.tableId) {
      const status = await this.history.cashTableStatus(hand.tableId).catch(() => null);
      return status === 'closed';
    }
    const match = /^(sng|mtt)-(\d+)$/.exec(hand.tournamentId ?? '');
    if (!match) return false;
    const id = Number(match[2]);
    if (match[1] === 'sng') return (await this.history.sitAndGoStatus(id)) === 'finished';
    const status = await this.history.tournamentStatus(id);
    return status === 'finished' || status === 'cancelled';
  }

  @Get(':id/phh')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async phh(
    @Param('id', new ParseUUIDPipe()) id: string,
    @CurrentUser() user: AccessClaims,
    @Res({ passthrough: true }) res: { setHeader(k: string, v: string): void },
  ): Promise<string> {
    const { seat } = await this.ownHand(id, user.sub);
    let text: string;
    try {
      // Exported from the seat's own view: every card it could not see at the table is '??'.
      text = await this.hands.exportPhh(id, seat);
    } catch (err) {
      if (err instanceof PhhError)
        throw new HttpException({ code: 'PHH_UNSUPPORTED', message: err.message }, HttpStatus.UNPROCESSABLE_ENTITY);
      throw err;
    }
    res.setHeader('Content-Disposition', `attachment; filename="naiko-hand-${id}.phh"`);
    return text;
  }
}
