// Socket side of the tournament lobby: `tournamentWatch` joins the room `mtt:<id>` and answers with
// the current view; every change (registration, start, step, hand, moves, results) sends
// `tournamentUpdate` to the room (through the Redis adapter, so any gateway process reaches it).
// `tournamentFollow` (a player at his table, or on the lobby page) joins his own room
// `mtt:<id>:you:<userId>` and gets `tournamentYou`, his own part, sent again only when it changed.
// Bursts (many tables finishing hands) are coalesced: one view 20 ms after a change, at most one every 250 ms.
import { Inject, Logger, Optional, UseFilters, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { TournamentView, TournamentWatchPayload } from '@naiko/contracts';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { TournamentError } from './tournaments.errors';
import { TournamentsService } from './tournaments.service';
import { capLobby, TournamentLobby, youView, youViews } from './tournament-lobby';
import { CORS_OPTIONS } from '../http/cors';
import { roomMayHaveWatchers } from '../gateway/room-watchers';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { PrivateEventStore } from './private-events';
import { PrivateEventError } from './private-limits';

export const tournamentRoom = (id: number): string => `mtt:${id}`;

/** An unknown tournament: NOT_FOUND; a private one the user is not invited to: FORBIDDEN NOT_INVITED. */
function socketError(err: unknown): unknown {
  if (err instanceof TournamentError) return new SocketErrorException('NOT_FOUND', err.message);
  if (err instanceof PrivateEventError)
    return new SocketErrorException(
      err.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'FORBIDDEN',
      `${err.code}: ${err.message}`,
    );
  return err;
}
export const tournamentYouRoom = (id: number, userId: string): string => `mtt:${id}:you:${userId}`;

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: CORS_OPTIONS })
export class TournamentsGateway implements OnModuleDestroy {
  private readonly logger = new Logger('TournamentsGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly pending = new Map<number, NodeJS.Timeout>();
  private readonly lastAt = new Map<number, number>();
  /** Per tournament: each player's part as last published (JSON), so only a changed one goes out. */
  private readonly lastYou = new Map<number, Map<string, string>>();
  /** Per tournament: this process's sockets following it (without the Redis adapter, who to build parts for). */
  private readonly followers = new Map<number, Map<string, string>>();
  private closed = false;
  /** The Redis adapter: a watcher may be on another copy (see gateway/room-watchers.ts). */
  private readonly roomsSpanCopies: boolean;

  constructor(
    private readonly service: TournamentsService,
    private readonly privateEvents: PrivateEventStore,
    /** The lobby view (issue 25): the service's view with next level and break, tables' players, deal, pause. */
    private readonly lobby: TournamentLobby,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'SOCKET_REDIS_ADAPTER'>,
  ) {
    this.roomsSpanCopies = config?.SOCKET_REDIS_ADAPTER ?? true;
    service.listen({ changed: (id) => this.publish(id), started: () => undefined });
  }

  @SubscribeMessage('tournamentWatch')
  async watch(
    @ValidBody('tournamentWatch') payload: TournamentWatchPayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    try {
      // A private tournament is watched by its host and invitees only (NOT_INVITED: FORBIDDEN).
      await this.privateEvents.access('mtt', payload.tournamentId, socket.data.user.sub);
      // Joined before the view is read: a change after the read is published to this socket too.
      await socket.join(tournamentRoom(payload.tournamentId));
      const view = await this.lobby.view(payload.tournamentId).catch((err: unknown) => {
        void socket.leave(tournamentRoom(payload.tournamentId));
        throw err;
      });
      socket.emit('tournamentUpdate', view);
    } catch (err) {
      throw socketError(err);
    }
  }

  @SubscribeMessage('tournamentFollow')
  async follow(
    @ValidBody('tournamentFollow') payload: TournamentWatchPayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    const id = payload.tournamentId;
    const userId = socket.data.user.sub;
    try {
      await this.privateEvents.access('mtt', id, userId);
      await socket.join(tournamentYouRoom(id, userId));
      this.addFollower(id, socket);
      const part = youView(await this.service.view(id), userId);
      socket.emit('tournamentYou', part);
      // A publish already under way may still send the same part: it is his, only once more.
      if (part.entrant) this.sentParts(id).set(userId, JSON.stringify(part));
    } catch (err) {
      void socket.leave(tournamentYouRoom(id, userId));
      throw socketError(err);
    }
  }

  private sentParts(id: number): Map<string, string> {
    let sent = this.lastYou.get(id);
    if (!sent) this.lastYou.set(id, (sent = new Map()));
    return sent;
  }

  private addFollower(id: number, socket: NaikoSocket): void {
    let sockets = this.followers.get(id);
    if (!sockets) this.followers.set(id, (sockets = new Map()));
    if (sockets.has(socket.id)) return;
    sockets.set(socket.id, socket.data.user.sub);
    socket.once('disconnect', () => {
      sockets.delete(socket.id);
      if (!sockets.size && this.followers.get(id) === sockets) this.followers.delete(id);
    });
  }

  onModuleDestroy(): void {
    // No broadcast after shutdown: the Redis adapter's connection is closing.
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private publish(id: number): void {
    if (!this.server || this.closed || this.pending.has(id)) return;
    // At most one view per tournament every 250 ms: a view reads every entry and seat, and at
    // thousands of entrants busts come several a second (each would cost a whole view).
    const last = this.lastAt.get(id) ?? 0;
    const timer = setTimeout(
      () => {
        this.pending.delete(id);
        // Nobody watching or following: no view (`watch` and `follow` join their room before they read).
        const lobby = roomMayHaveWatchers(this.server, tournamentRoom(id), this.roomsSpanCopies);
        const following = this.roomsSpanCopies || (this.followers.get(id)?.size ?? 0) > 0;
        if (!lobby && !following) return;
        this.lastAt.set(id, Date.now());
        this.lobby
          .full(id)
          .then((full) => {
            if (this.closed) return;
            if (lobby) this.server.to(tournamentRoom(id)).emit('tournamentUpdate', capLobby(full));
            if (following) this.publishYou(id, full);
          })
          .catch((err: unknown) => this.logger.warn({ msg: 'publish failed', id, err: String(err) }));
      },
      Math.max(20, last + 250 - Date.now()),
    );
    this.pending.set(id, timer);
  }

  /**
   * Sends each player his part when it changed since the last one this process published (a part
   * another copy published meanwhile may go out twice: the same content, harmless). Without the Redis
   * adapter only this process's followers get one.
   */
  private publishYou(id: number, full: TournamentView): void {
    const parts = youViews(full);
    const local = this.roomsSpanCopies ? null : new Set(this.followers.get(id)?.values() ?? []);
    const sent = this.sentParts(id);
    for (const [userId, part] of parts) {
      if (local && !local.has(userId)) continue;
      const text = JSON.stringify(part);
      if (sent.get(userId) === text) continue;
      sent.set(userId, text);
      this.server.to(tournamentYouRoom(id, userId)).emit('tournamentYou', part);
    }
    // A player no longer listed (he unregistered) is told once that he has no entry.
    for (const userId of [...sent.keys()].filter((u) => !parts.has(u))) {
      sent.delete(userId);
      this.server.to(tournamentYouRoom(id, userId)).emit('tournamentYou', youView(full, userId));
    }
    // An ended tournament changes no more: its parts are forgotten.
    if (full.phase === 'finished' || full.phase === 'cancelled') this.lastYou.delete(id);
  }
}
