// HTTP side of private Sit & Gos (issue 23.4), every route for logged-in players:
//   POST /private-events/sng                  the host creates one (his structure within the limits)
//   GET  /private-events/sng                  "my games": those he hosts or is invited to
//   GET  /private-events/sng/limits           the admin's limits (for the host's form)
//   POST /private-events/sng/join             { code, register? }: an invite link's code
//   GET  /private-events/sng/:id              the view, host and invitees only
//   POST /private-events/sng/:id/invitations  { username } (host)
//   POST /private-events/sng/:id/register     { inviteCode? } (host, invitees, code holders)
//   POST /private-events/sng/:id/cancel       (host, before the start: every buy-in refunded)
// Unregistration is the public route (POST /sit-and-go/instances/:id/unregister).
import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { PrivateInviteBody, PrivateJoinBody, type AccessClaims } from '@naiko/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { PlayAllowedGuard } from '../fair-play/gate';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PrivateEventStore } from '../tournaments/private-events';
import { inviteCodeOf, parseBody, privateHttp } from '../tournaments/private-http';
import { PrivateSitAndGos } from './private-sit-and-go';

@UseGuards(JwtAuthGuard)
@Controller('private-events/sng')
export class PrivateSitAndGoController {
  constructor(
    private readonly games: PrivateSitAndGos,
    private readonly store: PrivateEventStore,
  ) {}

  @UseGuards(PlayAllowedGuard)
  @Post()
  create(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.games.create(user.sub, body));
  }

  @Get()
  mine(@CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.games.mine(user.sub));
  }

  @Get('limits')
  limits() {
    return this.games.limits;
  }

  @UseGuards(PlayAllowedGuard)
  @HttpCode(200)
  @Post('join')
  join(@Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(async () => {
      const b = parseBody(PrivateJoinBody, body);
      return this.games.join(user.sub, b.code, b.register ?? false);
    });
  }

  @Get(':id')
  view(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.games.view(id, user.sub));
  }

  @Post(':id/invitations')
  invite(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.store.inviteByName('sng', id, user.sub, parseBody(PrivateInviteBody, body).username));
  }

  @UseGuards(PlayAllowedGuard)
  @Post(':id/register')
  register(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.games.register(id, user.sub, inviteCodeOf(body)));
  }

  @HttpCode(200)
  @Post(':id/cancel')
  cancel(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
    return privateHttp(() => this.games.cancel(id, user.sub));
  }
}
