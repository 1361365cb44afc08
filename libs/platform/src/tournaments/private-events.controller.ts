// HTTP side of a host's private events (issue 23.4), the same routes for both kinds, every one for
// logged-in players (`<kind>`: `sng` for a Sit & Go, `mtt` for a scheduled tournament):
//   POST /private-events/<kind>                  the host creates one (his structure within the limits)
//   GET  /private-events/<kind>                  "my games": those he hosts or is invited to
//   GET  /private-events/<kind>/limits           the admin's limits (for the host's form)
//   POST /private-events/<kind>/join             { code, register? }: an invite link's code
//   GET  /private-events/<kind>/:id              the view, host and invitees only
//   POST /private-events/<kind>/:id/invitations  { username } (host)
//   POST /private-events/<kind>/:id/register     { inviteCode? } (host, invitees, code holders)
//   POST /private-events/<kind>/:id/cancel       (host, before the start: every buy-in refunded)
// Unregistration is the kind's public route (`/sit-and-go/instances/:id/unregister`, `/tournaments/:id/unregister`).
import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards, type Type } from '@nestjs/common';
import { PrivateInviteBody, PrivateJoinBody, type AccessClaims, type PrivateEventKind } from '@naiko/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth/http-auth';
import { PlayAllowedGuard } from '../fair-play/gate';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PrivateEventStore } from './private-events';
import { inviteCodeOf, parseBody, privateHttp } from './private-http';

/** What a kind's private events offer the controller (PrivateSitAndGos, PrivateTournaments). */
export interface PrivateEventService {
  readonly limits: unknown;
  create(hostId: string, body: unknown): Promise<unknown>;
  mine(userId: string): Promise<unknown>;
  join(userId: string, code: string, register: boolean): Promise<unknown>;
  view(id: number, userId: string): Promise<unknown>;
  register(id: number, userId: string, inviteCode?: string): Promise<unknown>;
  cancel(id: number, userId: string): Promise<unknown>;
}

/** The controller of one kind's private events, its service injected by class. */
export function privateEventsController(kind: PrivateEventKind, service: Type<PrivateEventService>): Type<unknown> {
  @UseGuards(JwtAuthGuard)
  @Controller(`private-events/${kind}`)
  class PrivateEventsController {
    constructor(
      @Inject(service) private readonly events: PrivateEventService,
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
        const joinBody = parseBody(PrivateJoinBody, body);
        return this.events.join(user.sub, joinBody.code, joinBody.register ?? false);
      });
    }

    @Get(':id')
    view(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: AccessClaims) {
      return privateHttp(() => this.events.view(id, user.sub));
    }

    @Post(':id/invitations')
    invite(@Param('id', ParseIdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AccessClaims) {
      return privateHttp(() =>
        this.store.inviteByName(kind, id, user.sub, parseBody(PrivateInviteBody, body).username),
      );
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
  Object.defineProperty(PrivateEventsController, 'name', {
    value: `Private${kind === 'sng' ? 'SitAndGo' : 'Tournaments'}Controller`,
  });
  return PrivateEventsController;
}
