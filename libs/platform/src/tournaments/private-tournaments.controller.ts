// HTTP side of private scheduled tournaments (issue 23.4), every route for logged-in players:
//   POST /private-events/mtt                  the host creates one (his structure within the limits)
//   GET  /private-events/mtt                  "my games": those he hosts or is invited to
//   GET  /private-events/mtt/limits           the admin's limits (for the host's form)
//   POST /private-events/mtt/join             { code, register? }: an invite link's code
//   GET  /private-events/mtt/:id              the view, host and invitees only
//   POST /private-events/mtt/:id/invitations  { username } (host)
//   POST /private-events/mtt/:id/register     { inviteCode? } (host, invitees, code holders)
//   POST /private-events/mtt/:id/cancel       (host, before the start: every buy-in refunded)
// Unregistration is the public route (POST /tournaments/:id/unregister).
import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { PrivateInviteBody, PrivateJoinBody, type AccessClaims } from '@naiko/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { PlayAllowedGuard } from '../fair-play/gate';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PrivateEventStore } from './private-events';
import { inviteCodeOf, parseBody, privateHttp } from './private-http';
import { PrivateTournaments } from './private-tournaments';

@UseGuards(JwtAuthGuard)
@Controller('private-events/mtt')
export class PrivateTournamentsController {
  constructor(
    private readonly events: PrivateTournaments,
    private readonly store: PrivateEventStore,
  ) {}

  @UseGuards(PlayAllowedGuard)
  @Post()
  create(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.events.create(user.sub, body));
  }

  @Get()
  mine(@CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.events.mine(user.sub));
  }

  @Get('limits')
  limits() {
    return this.events.limits;
  }

  @UseGuards(PlayAllowedGuard)
  @HttpCode(200)
  @Post('join')
  join(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(async () => {
      const b = parseBody(PrivateJoinBody, body);
      return this.events.join(user.sub, b.code, b.register ?? false);
    });
  }

  @Get(':id')
  view(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.events.view(id, user.sub));
  }

  @Post(':id/invitations')
  invite(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.store.inviteByName('mtt', id, user.sub, parseBody(PrivateInviteBody, body).username));
  }

  @UseGuards(PlayAllowedGuard)
  @Post(':id/register')
  register(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.events.register(id, user.sub, inviteCodeOf(body)));
  }

  @HttpCode(200)
  @Post(':id/cancel')
  cancel(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.events.cancel(id, user.sub));
  }
}
