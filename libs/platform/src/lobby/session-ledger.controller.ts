// The session ledger of a table over HTTP (issue 23): per session, each player's buy-ins, top-ups,
// cash-outs, stack and net, as JSON and as a CSV download. Read from the chip ledger only
// (libs/persistence `readTableSessions`), so it agrees with `npm run -s audit` by construction.
// Who may read it: at a private table its host and everybody who played there (a home game's
// ledger is shared at the table), at a public table admins only (403 for others); anybody else at
// a private table gets 404, as for a table he may not see.
import {
  Controller,
  ForbiddenException,
  Get,
  Header,
  NotFoundException,
  Param,
  ParseIntPipe,
  ParseUUIDPipe,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { AccessClaims, SessionLedgerResponse } from '@naiko/contracts';
import {
  CashTableRepository,
  PrismaService,
  readTableSessions,
  sessionCsv,
  UserRepository,
  type TableSession,
} from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';

@UseGuards(JwtAuthGuard)
@Controller('lobby/tables/:id/sessions')
export class SessionLedgerController {
  constructor(
    /** The session ledger reads the ledger's entries on it (readTableSessions). */
    private readonly prisma: PrismaService,
    private readonly cashTables: CashTableRepository,
    private readonly users: UserRepository,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(
    @Param('id', new ParseUUIDPipe()) id: string,
    @CurrentUser() user: AccessClaims,
  ): Promise<SessionLedgerResponse> {
    const table = await this.readable(id, user);
    const sessions = await readTableSessions(this.prisma, id);
    const users = await this.names(sessions);
    return {
      tableId: id,
      name: table.name,
      private: table.hostId !== null,
      sessions: sessions.map((session) => ({
        number: session.number,
        startedAt: session.startedAt.toISOString(),
        endedAt: session.endedAt?.toISOString() ?? null,
        players: session.players.map((player) => ({
          ...player,
          name: users.get(player.userId)?.name ?? player.userId.slice(0, 8),
          isBot: users.get(player.userId)?.isBot ?? false,
        })),
      })),
    };
  }

  @Get(':number/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async csv(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('number', new ParseIntPipe()) number: number,
    @CurrentUser() user: AccessClaims,
    @Res({ passthrough: true }) res: { setHeader(k: string, v: string): void },
  ): Promise<string> {
    await this.readable(id, user);
    const session = (await readTableSessions(this.prisma, id)).find((s) => s.number === number);
    if (!session)
      throw new NotFoundException({
        code: 'NOT_FOUND',
        reason: 'UNKNOWN_SESSION',
        message: `table ${id} has no session ${number}`,
      });
    const users = await this.names([session]);
    res.setHeader('Content-Disposition', `attachment; filename="naiko-table-${id}-session-${number}.csv"`);
    return sessionCsv(session, new Map([...users].map(([k, v]) => [k, v.name])));
  }

  private async readable(id: string, user: AccessClaims): Promise<{ name: string; hostId: string | null }> {
    const table = await this.cashTables.nameAndHost(id);
    const unknown = new NotFoundException({ code: 'NOT_FOUND', reason: 'UNKNOWN_TABLE', message: `no table ${id}` });
    if (!table) throw unknown;
    if (user.role === 'admin' || table.hostId === user.sub) return table;
    if (table.hostId === null)
      throw new ForbiddenException({
        code: 'FORBIDDEN',
        reason: 'ADMINS_ONLY',
        message: "a public table's session ledger is for admins",
      });
    if (!(await this.cashTables.hasPlayedAt(id, user.sub))) throw unknown;
    return table;
  }

  private async names(sessions: readonly TableSession[]): Promise<Map<string, { name: string; isBot: boolean }>> {
    const ids = [...new Set(sessions.flatMap((s) => s.players.map((p) => p.userId)))];
    const rows = ids.length ? await this.users.names(ids) : [];
    return new Map(rows.map((u) => [u.id, { name: u.username, isBot: u.isBot }]));
  }
}
