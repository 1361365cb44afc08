// Socket events of tables and the live lobby. Every payload is validated against its contracts
// schema (ValidBody), rate-limited per socket, and every refusal is a typed `error` event.
import { Logger, UseFilters } from '@nestjs/common';
import {
  ConnectedSocket,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { ActPayload, ChatPayload, LobbyWatchPayload, ReloadPayload, SitInPayload, SitPayload, TableRef } from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { TableHostError } from './host-errors';
import { TokenBucket } from './rate-limit';
import { LOBBY_ROOM, TableSockets } from './table-sockets';
import { TablesService } from './tables.service';

/** 30 messages at once, 15 per second sustained, per socket. */
const RATE = { burst: 30, perSecond: 15 };

function toSocketError(err: unknown): never {
  if (err instanceof TableHostError) throw new SocketErrorException(err.code, err.message);
  if (err instanceof LedgerError) throw new SocketErrorException(err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT', `${err.code}: ${err.message}`);
  throw err;
}

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class TablesGateway implements OnGatewayInit, OnGatewayDisconnect {
  private readonly logger = new Logger('TablesGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly buckets = new WeakMap<NaikoSocket, TokenBucket>();

  constructor(
    private readonly tables: TablesService,
    private readonly sockets: TableSockets,
  ) {}

  afterInit(server: NaikoServer): void {
    this.sockets.attach(server);
  }

  handleDisconnect(socket: NaikoSocket): void {
    for (const tableId of this.sockets.tablesOf(socket)) {
      if (this.sockets.unwatch(tableId, socket)) {
        this.tables.get(tableId).disconnected(socket.data.user.sub).catch((err: unknown) => this.logger.warn({ msg: 'disconnect failed', err: String(err) }));
      }
    }
  }

  private limit(socket: NaikoSocket): void {
    let b = this.buckets.get(socket);
    if (!b) this.buckets.set(socket, (b = new TokenBucket(RATE.burst, RATE.perSecond, Date.now())));
    if (!b.take(Date.now())) throw new SocketErrorException('RATE_LIMITED', 'too many messages; slow down');
  }

  private async run(socket: NaikoSocket, fn: () => Promise<unknown> | unknown): Promise<void> {
    this.limit(socket);
    try {
      await fn();
    } catch (err) {
      toSocketError(err);
    }
  }

  @SubscribeMessage('table:watch')
  watch(@ValidBody('table:watch') p: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const host = this.tables.get(p.tableId);
      const user = socket.data.user.sub;
      const first = this.sockets.watch(p.tableId, socket);
      // The first socket of a seated player is a (re)connection: same seat, clock untouched.
      if (first) await host.connected(user);
      else await host.idle();
      socket.emit('table:snapshot', host.snapshot(user));
    });
  }

  @SubscribeMessage('table:unwatch')
  unwatch(@ValidBody('table:unwatch') p: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const host = this.tables.get(p.tableId);
      if (this.sockets.unwatch(p.tableId, socket)) await host.disconnected(socket.data.user.sub);
    });
  }

  @SubscribeMessage('table:sit')
  sit(@ValidBody('table:sit') p: SitPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const host = this.tables.get(p.tableId);
      const { sub, username } = socket.data.user;
      this.sockets.watch(p.tableId, socket);
      await host.sit({ userId: sub, name: username }, { buyIn: p.buyIn, seat: p.seat, inviteCode: p.inviteCode, waitForBigBlind: p.waitForBigBlind });
      socket.emit('table:snapshot', host.snapshot(sub));
    });
  }

  @SubscribeMessage('table:leave')
  leave(@ValidBody('table:leave') p: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).leave(socket.data.user.sub));
  }

  @SubscribeMessage('table:reload')
  reload(@ValidBody('table:reload') p: ReloadPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).reload(socket.data.user.sub, p.amount));
  }

  @SubscribeMessage('table:sit-out')
  sitOut(@ValidBody('table:sit-out') p: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).sitOut(socket.data.user.sub));
  }

  @SubscribeMessage('table:sit-in')
  sitIn(@ValidBody('table:sit-in') p: SitInPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).sitIn(socket.data.user.sub, p.waitForBigBlind));
  }

  @SubscribeMessage('table:act')
  act(@ValidBody('table:act') p: ActPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).act(socket.data.user.sub, p.version, p.action));
  }

  @SubscribeMessage('table:chat')
  chat(@ValidBody('table:chat') p: ChatPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.tables.get(p.tableId).chat(socket.data.user.sub, p.text));
  }

  @SubscribeMessage('lobby:watch')
  lobbyWatch(@ValidBody('lobby:watch') _p: LobbyWatchPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      await socket.join(LOBBY_ROOM);
      socket.emit('lobby:tables', { tables: this.tables.all().filter((h) => !h.closed && !h.summary().private).map((h) => h.summary()) });
    });
  }

  @SubscribeMessage('lobby:unwatch')
  lobbyUnwatch(@ValidBody('lobby:unwatch') _p: LobbyWatchPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => socket.leave(LOBBY_ROOM));
  }
}
