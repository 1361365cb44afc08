// Socket side of the Sit & Go lobby: `sitAndGoWatch` joins the room `sng:<id>` and answers with the
// current view; every change of the instance (registration, start, step, hand, results) sends
// `sitAndGoUpdate` to the room (through the Redis adapter, so any gateway process reaches it).
// The hands themselves are played at the instance's table (`SitAndGoView.tableId`) over the tables
// gateway (`table:watch` / `table:act`), with its per-seat feeds.
import { Inject, Logger, Optional, UseFilters, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { SitAndGoWatchPayload } from '@naiko/contracts';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { SitAndGoError } from './sit-and-go.errors';
import { SitAndGoService } from './sit-and-go.service';
import { CORS_OPTIONS } from '../http/cors';
import { roomMayHaveWatchers } from '../gateway/room-watchers';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { PrivateEventStore } from '../tournaments/private-events';
import { PrivateEventError } from '../tournaments/private-limits';

export const sitAndGoRoom = (instanceId: number): string => `sng:${instanceId}`;

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: CORS_OPTIONS })
export class SitAndGoGateway implements OnModuleDestroy {
  private readonly logger = new Logger('SitAndGoGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly pending = new Set<number>();
  private closed = false;
  /** The Redis adapter: a watcher may be on another copy (see gateway/room-watchers.ts). */
  private readonly roomsSpanCopies: boolean;

  onModuleDestroy(): void {
    this.closed = true;
  }

  constructor(
    private readonly service: SitAndGoService,
    private readonly privateEvents: PrivateEventStore,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'SOCKET_REDIS_ADAPTER'>,
  ) {
    this.roomsSpanCopies = config?.SOCKET_REDIS_ADAPTER ?? true;
    service.listen({ changed: (id) => this.publish(id) });
  }

  @SubscribeMessage('sitAndGoWatch')
  async watch(
    @ValidBody('sitAndGoWatch') payload: SitAndGoWatchPayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    try {
      // A private Sit & Go is watched by its host and invitees only (NOT_INVITED: FORBIDDEN).
      await this.privateEvents.access('sng', payload.instanceId, socket.data.user.sub);
      // Joined before the view is read: a change after the read is published to this socket too.
      await socket.join(sitAndGoRoom(payload.instanceId));
      const lobbyView = await this.service.view(payload.instanceId).catch((err: unknown) => {
        void socket.leave(sitAndGoRoom(payload.instanceId));
        throw err;
      });
      socket.emit('sitAndGoUpdate', lobbyView);
    } catch (err) {
      if (err instanceof SitAndGoError) throw new SocketErrorException('NOT_FOUND', err.message);
      if (err instanceof PrivateEventError) {
        throw new SocketErrorException(
          err.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'FORBIDDEN',
          `${err.code}: ${err.message}`,
        );
      }
      throw err;
    }
  }

  /** Coalesces bursts of changes into one view per tick. */
  private publish(instanceId: number): void {
    if (!this.server || this.closed || this.pending.has(instanceId)) return;
    this.pending.add(instanceId);
    setImmediate(() => {
      this.pending.delete(instanceId);
      // Nobody watching: no view (`watch` joins the room before it reads the view it answers with).
      if (!roomMayHaveWatchers(this.server, sitAndGoRoom(instanceId), this.roomsSpanCopies)) return;
      this.service
        .view(instanceId)
        .then((view) => {
          // A change seen while the process shuts down is not worth an error: watchers re-read on reconnect.
          if (!this.closed) this.server.to(sitAndGoRoom(instanceId)).emit('sitAndGoUpdate', view);
        })
        .catch((err: unknown) => this.logger.warn({ msg: 'publish failed', instanceId, err: String(err) }));
    });
  }
}
