// Which sockets of this copy watch which table, and the broadcaster that delivers the host's feeds.
// Delivery goes through socket.io rooms, which the Redis adapter carries to every copy, so the
// table's owner reaches watchers connected to any copy:
//   - `table:<id>:user:<userId>`: the sockets of ONE user at one table; a seat's private part of a
//     hand update (`table:hand-private`: own cards, own legal actions) goes only there;
//   - `table:<id>`: every watcher, players included; public table updates, chat, and the public part
//     of each hand update (`table:hand`, the spectators' view): it never holds a private card.
// A socket joins its rooms on the copy it is connected to (the gateway authenticated the user).
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { SocketError, TableChatMessage, TablePublicState, TableSummary, WireHandEvent } from '@naiko/contracts';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import { roomMayHaveWatchers } from '../gateway/room-watchers';
import type { HandFeed, HandPrivateFeed, TableBroadcaster } from './ports';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';

export const LOBBY_ROOM = 'lobby';

/**
 * What a watching socket keeps in its data (carried to every copy by fetchSockets): the invite codes it watches private
 * tables with.
 */
interface WatchData {
  user: { sub: string; role: string };
  watchCodes?: Record<string, string>;
}

export const tableRoom = (tableId: string): string => `table:${tableId}`;
export const userTableRoom = (tableId: string, userId: string): string => `table:${tableId}:user:${userId}`;

@Injectable()
export class TableSockets implements TableBroadcaster {
  private server: NaikoServer | null = null;
  /** tableId → socket id → watcher (this copy's sockets only). */
  private readonly watchers = new Map<string, Map<string, NaikoSocket>>();

  /**
   * Rooms span processes (the Redis adapter): a watcher may be connected to another copy, so this
   * copy cannot tell whether a table has spectators. Without it every watcher is a local socket.
   */
  private readonly roomsSpanCopies: boolean;

  constructor(@Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'SOCKET_REDIS_ADAPTER'>) {
    this.roomsSpanCopies = config?.SOCKET_REDIS_ADAPTER ?? true;
  }

  /**
   * Who watches a table from other copies, as the table's owner knows it (the routed `watch`es,
   * cluster/routing.ts), or null when there is no router: then every socket that can reach a table
   * hosted here is one of this copy's. Until the tables service says so, nothing is assumed (every
   * audience is sent to).
   */
  private remoteWatchers: ((tableId: string) => Iterable<string> | undefined) | null | 'unknown' = 'unknown';

  knowRemoteWatchers(fn: ((tableId: string) => Iterable<string> | undefined) | null): void {
    this.remoteWatchers = fn;
  }

  /**
   * Who listens at a table right now, on every copy: the users with a socket watching it (null:
   * not known, send to every audience). The host builds and sends nothing for an audience nobody
   * listens to — a bot's seat, a player whose sockets are all gone, a table without spectators — and
   * socket.io then encodes and publishes (Redis adapter) nothing for an empty room.
   */
  listeners(tableId: string): ReadonlySet<string> | null {
    if (this.remoteWatchers === 'unknown') return null;
    // Rooms that span copies (Redis adapter) with a router: a watcher on another copy is in the room
    // whether or not this owner heard his routed `watch` — a table taken over or handed off never
    // did — so nobody can be ruled out here: every audience is sent to.
    if (this.remoteWatchers && this.roomsSpanCopies) return null;
    const users = new Set<string>();
    for (const socket of this.watchers.get(tableId)?.values() ?? []) users.add(socket.data.user.sub);
    if (this.remoteWatchers) for (const userId of this.remoteWatchers(tableId) ?? []) users.add(userId);
    return users;
  }

  attach(server: NaikoServer): void {
    this.server = server;
  }

  /** Whether this socket watches the table. */
  watching(tableId: string, socket: NaikoSocket): boolean {
    return this.watchers.get(tableId)?.has(socket.id) ?? false;
  }

  /**
   * Adds a watcher and joins its rooms; true when it is the user's first socket on this table (on
   * this copy). Call it only once the table's owner allowed the user to watch (checkWatch).
   */
  watch(tableId: string, socket: NaikoSocket, inviteCode?: string): boolean {
    if (inviteCode !== undefined) {
      const data = socket.data as unknown as WatchData;
      data.watchCodes = { ...data.watchCodes, [tableId]: inviteCode };
    }
    let tableWatchers = this.watchers.get(tableId);
    if (!tableWatchers) this.watchers.set(tableId, (tableWatchers = new Map()));
    const first = !this.userWatches(tableId, socket.data.user.sub);
    tableWatchers.set(socket.id, socket);
    // The in-memory adapter joins synchronously; the Redis adapter keeps rooms locally too.
    void socket.join([tableRoom(tableId), userTableRoom(tableId, socket.data.user.sub)]);
    return first;
  }

  /** Removes a watcher and its rooms; true when it was the user's last socket on this table (on this copy). */
  unwatch(tableId: string, socket: NaikoSocket): boolean {
    const tableWatchers = this.watchers.get(tableId);
    if (!tableWatchers?.delete(socket.id)) return false;
    if (tableWatchers.size === 0) this.watchers.delete(tableId);
    const data = socket.data as unknown as WatchData;
    if (data.watchCodes) delete data.watchCodes[tableId];
    void socket.leave(tableRoom(tableId));
    void socket.leave(userTableRoom(tableId, socket.data.user.sub));
    return !this.userWatches(tableId, socket.data.user.sub);
  }

  /**
   * Removes from the table's rooms, on every copy, each socket whose user may no longer watch it
   * (a private table whose host turned spectators off), and tells it why. A socket of another copy
   * stays in that copy's watcher list until it unwatches or disconnects (it receives nothing more).
   */
  async evictWatchers(
    tableId: string,
    mayStay: (user: { sub: string; role: string }, inviteCode?: string) => boolean,
  ): Promise<number> {
    if (!this.server) return 0;
    const sockets = await this.server.in(tableRoom(tableId)).fetchSockets();
    let evicted = 0;
    for (const socket of sockets) {
      const data = socket.data as unknown as WatchData;
      if (mayStay(data.user, data.watchCodes?.[tableId])) continue;
      const local = this.watchers.get(tableId)?.get(socket.id);
      if (local) this.unwatch(tableId, local);
      else {
        socket.leave(tableRoom(tableId));
        socket.leave(userTableRoom(tableId, data.user.sub));
      }
      const error: SocketError = {
        code: 'FORBIDDEN',
        message: 'NOT_INVITED: the host no longer allows spectators at this table',
        event: 'table:watch',
      };
      socket.emit('error', error);
      evicted++;
    }
    return evicted;
  }

  /** Tables a socket watches (for its disconnect). */
  tablesOf(socket: NaikoSocket): string[] {
    return [...this.watchers].filter(([, w]) => w.has(socket.id)).map(([id]) => id);
  }

  /** The users with a socket of this copy watching the table. */
  usersWatching(tableId: string): string[] {
    return [...new Set([...(this.watchers.get(tableId)?.values() ?? [])].map((s) => s.data.user.sub))];
  }

  userWatches(tableId: string, userId: string): boolean {
    for (const socket of this.watchers.get(tableId)?.values() ?? []) if (socket.data.user.sub === userId) return true;
    return false;
  }

  /**
   * Whether this table's room may hold a socket: false only when it is sure (rooms do not span copies
   * and none of this copy's sockets is in it), so socket.io encodes nothing for nobody.
   */
  private mayHaveWatchers(tableId: string): boolean {
    if (this.listeners(tableId)?.size === 0) return false;
    return roomMayHaveWatchers(this.server ?? undefined, tableRoom(tableId), this.roomsSpanCopies);
  }

  /** The public part of a hand update: encoded once for everyone watching, players and spectators alike. */
  hand(tableId: string, feed: HandFeed): void {
    if (!this.server || !this.mayHaveWatchers(tableId)) return;
    this.server.to(tableRoom(tableId)).emit('table:hand', { tableId, ...feed });
  }

  /** A seat's private part: only that user's sockets at this table. */
  handPrivate(tableId: string, userId: string, part: HandPrivateFeed): void {
    this.server?.to(userTableRoom(tableId, userId)).emit('table:hand-private', { tableId, ...part });
  }

  table(tableId: string, table: TablePublicState, events: WireHandEvent[]): void {
    if (!this.mayHaveWatchers(tableId)) return; // an empty room: nothing to encode or publish
    this.server?.to(tableRoom(tableId)).emit('table:update', { tableId, table, events });
  }

  chat(message: TableChatMessage): void {
    if (!this.mayHaveWatchers(message.tableId)) return;
    this.server?.to(tableRoom(message.tableId)).emit('table:chat', message);
  }

  lobby(summary: TableSummary): void {
    // Every hand changes a table's summary: with nobody in the lobby room (known only when rooms
    // do not span copies), socket.io would still encode the packet for no one.
    if (!roomMayHaveWatchers(this.server ?? undefined, LOBBY_ROOM, this.roomsSpanCopies)) return;
    this.server?.to(LOBBY_ROOM).emit('lobby:table', summary);
  }
}
