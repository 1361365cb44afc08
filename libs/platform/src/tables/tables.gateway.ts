// Socket events of tables and the live lobby. Every payload is validated against its contracts
// schema (ValidBody), rate-limited per socket, and every refusal is a typed `error` event.
import { Logger, Optional, UseFilters } from '@nestjs/common';
import {
  ConnectedSocket,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type {
  ActPayload,
  ChatPayload,
  ChatReportPayload,
  HostCommandPayload,
  ExtendedTimePayload,
  LobbyWatchPayload,
  ReloadPayload,
  SitInPayload,
  SitPayload,
  TableRef,
  TableSnapshotPayload,
  WatchPayload,
} from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { SocketErrorException, SocketExceptionFilter } from '../gateway/socket-errors';
import { ValidBody } from '../gateway/socket-validation';
import { TableHostError } from './host-errors';
import type { Decision } from './table-host';
import { TokenBucket } from './rate-limit';
import { LOBBY_ROOM, TableSockets } from './table-sockets';
import type { TableCommand } from './table-commands';
import { TablesService } from './tables.service';
import type { RoutedUser } from '../cluster/table-router';
import { CORS_OPTIONS } from '../http/cors';
import { FairPlayGate } from '../fair-play/gate';

/** 30 messages at once, 15 per second sustained, per socket. */
const RATE = { burst: 30, perSecond: 15 };

function toSocketError(err: unknown): never {
  if (err instanceof TableHostError) throw new SocketErrorException(err.code, err.message);
  if (err instanceof LedgerError)
    throw new SocketErrorException(
      err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT',
      `${err.code}: ${err.message}`,
    );
  throw err;
}

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: CORS_OPTIONS })
export class TablesGateway implements OnGatewayInit, OnGatewayDisconnect {
  private readonly logger = new Logger('TablesGateway');
  @WebSocketServer() server: NaikoServer;
  private readonly buckets = new WeakMap<NaikoSocket, TokenBucket>();

  constructor(
    private readonly tables: TablesService,
    private readonly sockets: TableSockets,
    @Optional() private readonly fairPlay?: FairPlayGate,
  ) {}

  afterInit(server: NaikoServer): void {
    this.sockets.attach(server);
  }

  handleDisconnect(socket: NaikoSocket): void {
    for (const tableId of this.sockets.tablesOf(socket)) {
      const last = this.sockets.unwatch(tableId, socket);
      if (last) {
        this.tables
          .command({ op: 'unwatch', tableId, last }, this.user(socket))
          .catch((err: unknown) => this.logger.warn({ msg: 'disconnect failed', err: String(err) }));
      }
    }
  }

  /** The identity this gateway authenticated; it travels with routed commands. */
  private user(socket: NaikoSocket): RoutedUser {
    const { sub, username, role } = socket.data.user;
    return { sub, username, role };
  }

  /** Runs the command where the table lives (this copy or its owner). */
  private send(socket: NaikoSocket, cmd: TableCommand): Promise<unknown> {
    return this.tables.command(cmd, this.user(socket));
  }

  private limit(socket: NaikoSocket): void {
    let bucket = this.buckets.get(socket);
    if (!bucket) this.buckets.set(socket, (bucket = new TokenBucket(RATE.burst, RATE.perSecond, Date.now())));
    if (!bucket.take(Date.now())) throw new SocketErrorException('RATE_LIMITED', 'too many messages; slow down');
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
  watch(@ValidBody('table:watch') payload: WatchPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const code = payload.inviteCode === undefined ? {} : { inviteCode: payload.inviteCode };
      // A private table is watched by invitation: asked before joining any room, so a refused
      // socket never receives a message of the table.
      if (!this.sockets.watching(payload.tableId, socket))
        await this.tables.checkWatch(payload.tableId, this.user(socket), payload.inviteCode);
      // Rooms first (feeds from now on reach this socket), then the owner's snapshot.
      const first = this.sockets.watch(payload.tableId, socket, payload.inviteCode);
      try {
        socket.emit(
          'table:snapshot',
          (await this.send(socket, { op: 'watch', tableId: payload.tableId, first, ...code })) as TableSnapshotPayload,
        );
      } catch (err) {
        // Not watching after a refusal (unknown table, table moving, no longer allowed): the retry
        // is a first watch again, so the owner hears of the (re)connection.
        this.sockets.unwatch(payload.tableId, socket);
        throw err;
      }
    });
  }

  @SubscribeMessage('table:unwatch')
  unwatch(@ValidBody('table:unwatch') ref: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const last = this.sockets.unwatch(ref.tableId, socket);
      if (last) await this.send(socket, { op: 'unwatch', tableId: ref.tableId, last });
    });
  }

  @SubscribeMessage('table:sit')
  sit(@ValidBody('table:sit') payload: SitPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const watching = this.sockets.watching(payload.tableId, socket);
      // Whoever may sit may watch: a stranger's sit at a private table is refused before any room is joined.
      if (!watching) await this.tables.checkWatch(payload.tableId, this.user(socket), payload.inviteCode);
      // cool-off, suspension, restriction, same device/network (issue 26)
      await this.fairPlay?.assertMaySit(socket, payload.tableId);
      this.sockets.watch(payload.tableId, socket, payload.inviteCode);
      const cmd: TableCommand = {
        op: 'sit',
        tableId: payload.tableId,
        buyIn: payload.buyIn,
        seat: payload.seat,
        inviteCode: payload.inviteCode,
        waitForBigBlind: payload.waitForBigBlind,
      };
      try {
        socket.emit('table:snapshot', (await this.send(socket, cmd)) as TableSnapshotPayload);
      } catch (err) {
        // A refused join leaves the socket where it was: watching only if it watched before.
        if (!watching) this.sockets.unwatch(payload.tableId, socket);
        throw err;
      }
    });
  }

  @SubscribeMessage('table:leave')
  leave(@ValidBody('table:leave') ref: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.send(socket, { op: 'leave', tableId: ref.tableId }));
  }

  @SubscribeMessage('table:reload')
  reload(@ValidBody('table:reload') payload: ReloadPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () =>
      this.send(socket, { op: 'reload', tableId: payload.tableId, amount: payload.amount }),
    );
  }

  @SubscribeMessage('table:sit-out')
  sitOut(@ValidBody('table:sit-out') ref: TableRef, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.send(socket, { op: 'sit-out', tableId: ref.tableId }));
  }

  @SubscribeMessage('table:sit-in')
  sitIn(@ValidBody('table:sit-in') payload: SitInPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () =>
      this.send(socket, { op: 'sit-in', tableId: payload.tableId, waitForBigBlind: payload.waitForBigBlind }),
    );
  }

  @SubscribeMessage('table:act')
  act(@ValidBody('table:act') payload: ActPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () =>
      this.send(socket, {
        op: 'act',
        tableId: payload.tableId,
        version: payload.version,
        action: payload.action as Decision,
      }),
    );
  }

  @SubscribeMessage('table:chat')
  chat(@ValidBody('table:chat') payload: ChatPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, () => this.send(socket, { op: 'chat', tableId: payload.tableId, text: payload.text }));
  }

  /** Issue 23: a host command; `table:host-done` answers the sender, `table:update` tells everyone. */
  @SubscribeMessage('table:host')
  host(@ValidBody('table:host') payload: HostCommandPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      const { tableId, ...command } = payload;
      await this.send(socket, { op: 'host', tableId, command });
      socket.emit('table:host-done', { tableId, command: payload.command });
    });
  }

  /** Issue 23: reports a chat message to the admins. */
  @SubscribeMessage('table:chat-report')
  chatReport(
    @ValidBody('table:chat-report') payload: ChatReportPayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    return this.run(socket, async () => {
      // Only a socket watching the table heard its chat (a private table's rooms are by invitation).
      if (!this.sockets.watching(payload.tableId, socket)) {
        throw new SocketErrorException('FORBIDDEN', 'NOT_WATCHING: watch the table to report its chat');
      }
      const reason = payload.reason ? { reason: payload.reason } : {};
      await this.send(socket, { op: 'chat-report', tableId: payload.tableId, messageId: payload.messageId, ...reason });
      socket.emit('table:host-done', { tableId: payload.tableId, command: 'chat-report' });
    });
  }

  /** Accessibility: extended time for the sender's decisions at this table (issue 27). */
  @SubscribeMessage('table:extended-time')
  extendedTime(
    @ValidBody('table:extended-time') payload: ExtendedTimePayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    return this.run(socket, () => this.send(socket, { op: 'extended-time', tableId: payload.tableId, on: payload.on }));
  }

  @SubscribeMessage('lobby:watch')
  lobbyWatch(@ValidBody('lobby:watch') _p: LobbyWatchPayload, @ConnectedSocket() socket: NaikoSocket): Promise<void> {
    return this.run(socket, async () => {
      await socket.join(LOBBY_ROOM);
      // Every copy's public tables (the Redis directory when tables are spread over copies).
      socket.emit('lobby:tables', {
        tables: (await this.tables.summaries(socket.data.user.sub)).filter((t) => !t.private),
      });
    });
  }

  @SubscribeMessage('lobby:unwatch')
  lobbyUnwatch(
    @ValidBody('lobby:unwatch') _p: LobbyWatchPayload,
    @ConnectedSocket() socket: NaikoSocket,
  ): Promise<void> {
    return this.run(socket, () => socket.leave(LOBBY_ROOM));
  }
}
