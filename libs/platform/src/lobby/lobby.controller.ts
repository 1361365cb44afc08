// The lobby over HTTP: the tables list with filters, a table's seat map, public tables (admins)
// and private tables (any player hosts one: invitations by username or code, host-only settings
// between hands, closing returns every stack). Sitting down is a socket command (`table:sit`).
import { BadRequestException, Body, Controller, Get, HttpException, HttpStatus, Param, ParseUUIDPipe, Patch, Post, Query, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { CreateTableBody, InviteBody, TableSettingsBody, TablesQuery, toSocketIssues, type AccessClaims, type SocketErrorCode, type TablePublicState, type TableSummary } from '@naiko/contracts';
import { PrismaService } from '@naiko/persistence';
import { mayJoinPrivate, type SettingsPatch } from '@naiko/table';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { TableHostError } from '../tables/host-errors';
import type { TableHost } from '../tables/table-host';
import { TablesService, type CreateTableInput } from '../tables/tables.service';
import { filterTables } from './lobby-filter';

const STATUS: Partial<Record<SocketErrorCode, number>> = {
  BAD_PAYLOAD: HttpStatus.BAD_REQUEST,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
};

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new BadRequestException({ code: 'BAD_PAYLOAD', message: 'invalid request', issues: toSocketIssues(r.error) });
  return r.data;
}

async function http<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TableHostError) throw new HttpException({ code: err.code, reason: err.reason, message: err.message }, STATUS[err.code] ?? 400);
    throw err;
  }
}

@UseGuards(JwtAuthGuard)
@Controller()
export class LobbyController {
  constructor(
    private readonly tables: TablesService,
    private readonly prisma: PrismaService,
  ) {}

  /** Open tables this user may sit at (public ones, and private ones he hosts or is invited to), filtered. */
  @Get('lobby/tables')
  list(@Query() query: unknown, @CurrentUser() user: AccessClaims): { tables: TableSummary[] } {
    const q = parse(TablesQuery, query);
    const visible = this.tables.all().filter((h) => !h.closed && (h.table.config.private === null || mayJoinPrivate(h.table, user.sub, false)));
    return { tables: filterTables(visible.map((h) => h.summary()), q) };
  }

  /** The seat map. */
  @Get('lobby/tables/:id')
  seatMap(@Param('id', new ParseUUIDPipe()) id: string, @Query('code') code: string | undefined, @CurrentUser() user: AccessClaims): Promise<TablePublicState> {
    return http(() => {
      const h = this.tables.get(id);
      if (h.table.config.private && !mayJoinPrivate(h.table, user.sub, false, code)) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${id}`);
      return h.publicState();
    });
  }

  @Roles('admin')
  @Post('lobby/tables')
  createPublic(@Body() body: unknown): Promise<TableSummary> {
    const { name, ...config } = parse(CreateTableBody, body);
    return http(async () => (await this.tables.create({ name, config: { ...config, private: null } as CreateTableInput['config'] })).summary());
  }

  @Post('tables/private')
  createPrivate(@Body() body: unknown, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    const { name, ...config } = parse(CreateTableBody, body);
    const privateSettings = { hostId: user.sub, invited: [], inviteCode: null };
    return http(async () => (await this.tables.create({ name, hostId: user.sub, config: { ...config, private: privateSettings } as CreateTableInput['config'] })).summary());
  }

  @Post('tables/:id/invitations')
  invite(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: unknown, @CurrentUser() user: AccessClaims): Promise<{ invited: string }> {
    const b = parse(InviteBody, body);
    return http(async () => {
      const h = this.tables.get(id);
      const invited = await this.prisma.user.findUnique({ where: { username: b.username }, select: { id: true } });
      if (!invited) throw new TableHostError('NOT_FOUND', 'UNKNOWN_USER', `no player ${b.username}`);
      await h.invite(user.sub, invited.id);
      await this.tables.saveConfig(h);
      return { invited: invited.id };
    });
  }

  /** A new invite code (an invite link carries it); anyone holding it may sit. */
  @Post('tables/:id/invite-code')
  inviteCode(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims): Promise<{ code: string }> {
    return http(async () => {
      const h = this.tables.get(id);
      const code = this.tables.newInviteCode();
      await h.setInviteCode(user.sub, code);
      await this.tables.saveConfig(h);
      return { code };
    });
  }

  @Patch('tables/:id/settings')
  settings(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: unknown, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    const b = parse(TableSettingsBody, body);
    return http(async () => {
      const h = this.tables.get(id);
      const patch: SettingsPatch = { ...b, ...(b.clock ? { clock: { ...h.table.config.clock, ...b.clock } } : {}) } as SettingsPatch;
      await h.updateSettings(user.sub, patch);
      await this.tables.saveConfig(h);
      return h.summary();
    });
  }

  @Post('tables/:id/close')
  close(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    return http(async () => {
      const h = this.tables.get(id);
      await h.close(user.role === 'admin' && h.table.config.private === null ? 'system' : user.sub);
      await this.tables.saveConfig(h);
      return h.summary();
    });
  }
}
