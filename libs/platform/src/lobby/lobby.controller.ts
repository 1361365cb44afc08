// The lobby over HTTP: the tables list with filters, a table's seat map, public tables (admins)
// and private tables (any player hosts one: invitations by username or code, host-only settings
// between hands, closing returns every stack). Sitting down is a socket command (`table:sit`).
// Every table operation is a TableCommand run on the table's owner copy (TablesService.command).
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpException,
  HttpStatus,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import type { z } from 'zod';
import {
  CreateTableBody,
  issuesMessage,
  InviteBody,
  TableSettingsBody,
  TablesQuery,
  toSocketIssues,
  type AccessClaims,
  type SocketErrorCode,
  type TablePublicState,
  type TableSummary,
} from '@naiko/contracts';
import { CashTableRepository, UserRepository } from '@naiko/persistence';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { TableHostError } from '../tables/host-errors';
import type { CreateTableInput, TableCommand } from '../tables/table-commands';
import { TablesService } from '../tables/tables.service';
import { filterTables } from './lobby-filter';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';

const STATUS: Partial<Record<SocketErrorCode, number>> = {
  BAD_PAYLOAD: HttpStatus.BAD_REQUEST,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
};

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    throw new BadRequestException({
      code: 'BAD_PAYLOAD',
      message: issuesMessage(result.error, value ?? {}),
      issues: toSocketIssues(result.error),
    });
  return result.data;
}

export async function http<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TableHostError)
      throw new HttpException({ code: err.code, reason: err.reason, message: err.message }, STATUS[err.code] ?? 400);
    throw err;
  }
}

@UseGuards(JwtAuthGuard)
@Controller()
export class LobbyController {
  constructor(
    private readonly tables: TablesService,
    private readonly cashTables: CashTableRepository,
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PRIVATE_TABLES_PER_HOST'>,
  ) {}

  /**
   * Open tables this user may sit at (public ones, and private ones he hosts or is invited to), of every copy,
   * filtered.
   */
  @Get('lobby/tables')
  async list(@Query() query: unknown, @CurrentUser() user: AccessClaims): Promise<{ tables: TableSummary[] }> {
    const filter = parse(TablesQuery, query);
    return { tables: filterTables(await this.tables.summaries(user.sub), filter) };
  }

  /** The seat map (from the table's owner copy). */
  @Get('lobby/tables/:id')
  seatMap(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query('code') code: string | undefined,
    @CurrentUser() user: AccessClaims,
  ): Promise<TablePublicState> {
    return http(
      () =>
        this.send(user, {
          op: 'seat-map',
          tableId: id,
          ...(code === undefined ? {} : { code }),
        }) as Promise<TablePublicState>,
    );
  }

  @Roles('admin')
  @Post('lobby/tables')
  createPublic(@Body() body: unknown, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    const { name, ...config } = parse(CreateTableBody, body);
    return http(
      () =>
        this.send(user, {
          op: 'create',
          input: { name, config: { ...config, private: null } as CreateTableInput['config'] },
        }) as Promise<TableSummary>,
    );
  }

  @Post('tables/private')
  createPrivate(@Body() body: unknown, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    const { name, ...config } = parse(CreateTableBody, body);
    const privateSettings = { hostId: user.sub, invited: [], inviteCode: null };
    return http(async () => {
      // One host, a bounded number of open private tables (issue 19.8), counted over every copy.
      // Two creations racing may both pass; the bound is against floods, not an exact quota.
      if (user.role !== 'admin') {
        const open = await this.cashTables.openTablesHostedBy(user.sub);
        if (open >= this.config.PRIVATE_TABLES_PER_HOST) {
          throw new TableHostError(
            'CONFLICT',
            'TOO_MANY_PRIVATE_TABLES',
            `you already host ${open} open private tables (at most ${this.config.PRIVATE_TABLES_PER_HOST}): close one first`,
          );
        }
      }
      return (await this.send(user, {
        op: 'create',
        input: {
          name,
          hostId: user.sub,
          config: { ...config, private: privateSettings } as CreateTableInput['config'],
        },
      })) as TableSummary;
    });
  }

  @Post('tables/:id/invitations')
  invite(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: unknown,
    @CurrentUser() user: AccessClaims,
  ): Promise<{ invited: string }> {
    const invite = parse(InviteBody, body);
    return http(async () => {
      const invited = await this.users.byUsername(invite.username);
      if (!invited) throw new TableHostError('NOT_FOUND', 'UNKNOWN_USER', `no player ${invite.username}`);
      return (await this.send(user, { op: 'invite', tableId: id, invitedId: invited.id })) as { invited: string };
    });
  }

  /** A new invite code (an invite link carries it); anyone holding it may sit. */
  @Post('tables/:id/invite-code')
  inviteCode(
    @Param('id', new ParseUUIDPipe()) id: string,
    @CurrentUser() user: AccessClaims,
  ): Promise<{ code: string }> {
    return http(() => this.send(user, { op: 'invite-code', tableId: id }) as Promise<{ code: string }>);
  }

  @Patch('tables/:id/settings')
  settings(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: unknown,
    @CurrentUser() user: AccessClaims,
  ): Promise<TableSummary> {
    const settings = parse(TableSettingsBody, body);
    return http(() => this.send(user, { op: 'settings', tableId: id, body: settings }) as Promise<TableSummary>);
  }

  /**
   * Home games (issue 23): the host asks for a bomb pot on the next hand (NOT_HOST, INVALID_CONFIG without bomb pots).
   */
  @Post('tables/:id/bomb-pot')
  bombPot(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    return http(() => this.send(user, { op: 'bomb-pot', tableId: id }) as Promise<TableSummary>);
  }

  @Post('tables/:id/close')
  close(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: AccessClaims): Promise<TableSummary> {
    return http(() => this.send(user, { op: 'close', tableId: id }) as Promise<TableSummary>);
  }

  /** Runs the command on the table's owner copy (this one when it hosts the table). */
  private send(user: AccessClaims, cmd: TableCommand): Promise<unknown> {
    return this.tables.command(cmd, { sub: user.sub, username: user.username, role: user.role });
  }
}
