// Socket side of the tournament lobby: `tournamentWatch` joins the room `mtt:<id>` and answers with
// the current view; every change (registration, start, step, hand, moves, results) sends
// `tournamentUpdate` to the room (through the Redis adapter, so any gateway process reaches it).
// Bursts (many tables finishing hands) are coalesced: one view 20 ms after a change, at most one every 250 ms.
import { Inject, Logger, Optional, UseFilters, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { TournamentWatchPayload } from '@naiko/contracts';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { TournamentError } from './tournaments.errors';
import { TournamentsService } from './tournaments.service';
import { TournamentLobby } from './tournament-lobby';
import { CORS_OPTIONS } from '../http/cors';
import { roomMayHaveWatchers } from '../gateway/room-watchers';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { PrivateEventStore } from './private-events';
import { PrivateEventError } from './private-limits';

export const tournamentRoom = (id: number): string => `mtt:${id}`;

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: CORS_OPTIONS })
export class TournamentsGateway implements OnModuleDestroy {
  private readonly logger = new Logger('TournamentsGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly pending = new Map<number, NodeJS.Timeout>();
  private readonly lastAt = new Map<number, number>();
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
      if (err instanceof TournamentError) throw new SocketErrorException('NOT_FOUND', err.message);
      if (err instanceof PrivateEventError) {
        throw new SocketErrorException(
          err.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'FORBIDDEN',
          `${err.code}: ${err.message}`,
        );
      }
      throw err;
    }
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
        // Nobody watching: no view (`watch` joins the room before it reads the view it answers with).
        if (!roomMayHaveWatchers(this.server, tournamentRoom(id), this.roomsSpanCopies)) return;
        this.lastAt.set(id, Date.now());
        this.lobby
          .view(id)
          .then((view) => {
            if (!this.closed) this.server.to(tournamentRoom(id)).emit('tournamentUpdate', view);
          })
          .catch((err: unknown) => this.logger.warn({ msg: 'publish failed', id, err: String(err) }));
      },
      Math.max(20, last + 250 - Date.now()),
    );
    this.pending.set(id, timer);
  }
}
