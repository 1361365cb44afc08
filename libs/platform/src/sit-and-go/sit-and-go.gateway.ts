// Socket side of the Sit & Go lobby: `sitAndGoWatch` joins the room `sng:<id>` and answers with the
// current view; every change of the instance (registration, start, step, hand, results) sends
// `sitAndGoUpdate` to the room (through the Redis adapter, so any gateway process reaches it).
//
// The hand feed (`sitAndGoHand`) is filtered per viewer with the engine's `view`/`viewEvents`: a
// seated player's sockets also join the per-user room `sng:<id>:user:<userId>` and only that room
// gets his seat's view (his cards, his legal actions); everyone else joins `sng:<id>:spectators`
// and gets the spectator view. No payload with a private card goes to a shared room.
// `sitAndGoAct` hands a player's action to the runner (acked with `SitAndGoActResult`).
import { Logger, UseFilters, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { SitAndGoActPayload, SitAndGoActResult, SitAndGoHandFeed, SitAndGoWatchPayload } from '@naiko/contracts';
import { view, viewEvents, type Viewer } from '@naiko/engine';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { SitAndGoError } from './sit-and-go.errors';
import { SitAndGoService } from './sit-and-go.service';
import { SitAndGoRunner, type HandStep } from './sit-and-go.runner';

export const sitAndGoRoom = (instanceId: number): string => `sng:${instanceId}`;
/** A seated player's own room: the only place his seat's view goes. */
export const sitAndGoUserRoom = (instanceId: number, userId: string): string => `sng:${instanceId}:user:${userId}`;
export const sitAndGoSpectatorRoom = (instanceId: number): string => `sng:${instanceId}:spectators`;

/** One viewer's filtered copy of a hand step. */
export function handFeedFor(step: HandStep, viewer: Viewer): SitAndGoHandFeed {
  const v = view(step.state, viewer);
  return {
    instanceId: step.instanceId,
    handNumber: step.handNumber,
    viewer,
    view: v as unknown as SitAndGoHandFeed['view'],
    events: viewEvents(step.events, viewer) as unknown as SitAndGoHandFeed['events'],
    deadline: step.deadline,
  };
}

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class SitAndGoGateway implements OnModuleDestroy {
  private readonly logger = new Logger('SitAndGoGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly pending = new Set<number>();
  private closed = false;

  onModuleDestroy(): void {
    this.closed = true;
  }

  constructor(
    private readonly service: SitAndGoService,
    private readonly runner: SitAndGoRunner,
  ) {
    service.listen({ changed: (id) => this.publish(id), started: () => undefined });
    runner.onHand((step) => this.publishHand(step));
  }

  @SubscribeMessage('sitAndGoAct')
  async act(@ValidBody('sitAndGoAct') p: SitAndGoActPayload, @ConnectedSocket() socket: NaikoSocket): Promise<SitAndGoActResult> {
    const userId = socket.data.user.sub;
    let seated: boolean;
    try {
      seated = ((await this.service.instance(p.instanceId)).seating ?? []).some((s) => s.userId === userId);
    } catch (err) {
      if (err instanceof SitAndGoError) throw new SocketErrorException('NOT_FOUND', err.message);
      throw err;
    }
    const { instanceId, ...decision } = p;
    return this.runner.act(instanceId, userId, decision, seated);
  }

  /** Each seated player's room gets his seat's view; the spectator room the spectator view. */
  private publishHand(step: HandStep): void {
    if (!this.server || this.closed) return;
    const id = step.instanceId;
    for (const p of step.players) this.server.to(sitAndGoUserRoom(id, p.userId)).emit('sitAndGoHand', handFeedFor(step, p.seat));
    const spectator = handFeedFor(step, 'spectator');
    this.server.to(sitAndGoSpectatorRoom(id)).emit('sitAndGoHand', spectator);
    // Busted (or not dealt in) players still watch their own room: they see what spectators see.
    for (const u of step.seated) if (!step.players.some((p) => p.userId === u)) this.server.to(sitAndGoUserRoom(id, u)).emit('sitAndGoHand', spectator);
  }

  @SubscribeMessage('sitAndGoWatch')
  async watch(@ValidBody('sitAndGoWatch') p: SitAndGoWatchPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    try {
      const row = await this.service.instance(p.instanceId);
      const lobbyView = await this.service.view(p.instanceId);
      const userId = socket.data.user.sub;
      // A registered player joins his own room already while the instance fills: the start deals him in.
      const player = (row.seating ?? []).some((s) => s.userId === userId) || lobbyView.standings.some((s) => s.userId === userId);
      await socket.join([sitAndGoRoom(p.instanceId), player ? sitAndGoUserRoom(p.instanceId, userId) : sitAndGoSpectatorRoom(p.instanceId)]);
      socket.emit('sitAndGoUpdate', lobbyView);
      // (Re)connect: the confirmed state of the running hand, filtered for this socket's user.
      const step = this.runner.snapshot(p.instanceId);
      if (step) {
        const seat = step.players.find((s) => s.userId === userId)?.seat;
        socket.emit('sitAndGoHand', handFeedFor({ ...step, events: [] }, seat ?? 'spectator'));
      }
    } catch (err) {
      if (err instanceof SitAndGoError) throw new SocketErrorException('NOT_FOUND', err.message);
      throw err;
    }
  }

  /** Coalesces bursts of changes into one view per tick. */
  private publish(instanceId: number): void {
    if (!this.server || this.closed || this.pending.has(instanceId)) return;
    this.pending.add(instanceId);
    setImmediate(() => {
      this.pending.delete(instanceId);
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
