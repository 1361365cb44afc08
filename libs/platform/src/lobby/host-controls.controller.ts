// Host controls and chat reports over HTTP (issue 23): the same host commands as the socket event
// `table:host` (the web client's host panel waits for each answer), and the admins' list of
// reported chat messages. Every command runs on the table's owner copy (TablesService.command).
import { Body, Controller, Get, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { HostCommandPayload, type AccessClaims, type ChatReportView, type TableSummary } from '@naiko/contracts';
import { CurrentUser, JwtAuthGuard, Roles } from '../auth/http-auth';
import { TablesService } from '../tables/tables.service';
import type { HostCommand } from '../tables/room/host-controls';
import { http, parse } from './lobby.controller';

@UseGuards(JwtAuthGuard)
@Controller()
export class HostControlsController {
  constructor(private readonly tables: TablesService) {}

  /** One host command (`{ command, ... }` as in `table:host`); answers the table's summary. */
  @Post('tables/:id/host')
  command(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: unknown,
    @CurrentUser() user: AccessClaims,
  ): Promise<TableSummary> {
    const { tableId, ...command } = parse(HostCommandPayload, { ...(body as object), tableId: id });
    const who = { sub: user.sub, username: user.username, role: user.role };
    return http(
      () => this.tables.command({ op: 'host', tableId, command: command as HostCommand }, who) as Promise<TableSummary>,
    );
  }

  /** Reported chat messages, newest first (the admin page's "Chat reports"). */
  @Roles('admin')
  @Get('admin/chat-reports')
  async reports(): Promise<{ reports: ChatReportView[] }> {
    return { reports: await this.tables.chatReports() };
  }
}
