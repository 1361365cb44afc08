// Which sockets watch which table, and the broadcaster that delivers the host's feeds. A seat's
// hand feed goes only to that user's own sockets; spectators (watchers not dealt in) get the
// spectator feed. Emits are per socket: no room ever carries a payload with a private card.
import { Injectable } from '@nestjs/common';
import type { TableChatMessage, TablePublicState, TableSummary, WireHandEvent } from '@naiko/contracts';
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import type { HandAudience, HandFeed, TableBroadcaster } from './ports';

export const LOBBY_ROOM = 'lobby';

@Injectable()
export class TableSockets implements TableBroadcaster {
  private server: NaikoServer | null = null;
  /** tableId → socket id → watcher */
  private readonly watchers = new Map<string, Map<string, NaikoSocket>>();

  attach(server: NaikoServer): void {
    this.server = server;
  }

  /** Adds a watcher; true when it is the user's first socket on this table. */
  watch(tableId: string, socket: NaikoSocket): boolean {
    let w = this.watchers.get(tableId);
    if (!w) this.watchers.set(tableId, (w = new Map()));
    const first = !this.userWatches(tableId, socket.data.user.sub);
    w.set(socket.id, socket);
    return first;
  }

  /** Removes a watcher; true when it was the user's last socket on this table. */
  unwatch(tableId: string, socket: NaikoSocket): boolean {
    const w = this.watchers.get(tableId);
    if (!w?.delete(socket.id)) return false;
    if (w.size === 0) this.watchers.delete(tableId);
    return !this.userWatches(tableId, socket.data.user.sub);
  }

  /** Tables a socket watches (for its disconnect). */
  tablesOf(socket: NaikoSocket): string[] {
    return [...this.watchers].filter(([, w]) => w.has(socket.id)).map(([id]) => id);
  }

  userWatches(tableId: string, userId: string): boolean {
    for (const s of this.watchers.get(tableId)?.values() ?? []) if (s.data.user.sub === userId) return true;
    return false;
  }

  hand(tableId: string, audience: HandAudience, dealtIn: readonly string[], feed: HandFeed): void {
    const w = this.watchers.get(tableId);
    if (!w) return;
    const payload = { tableId, ...feed };
    for (const s of w.values()) {
      const user = s.data.user.sub;
      if (audience === 'spectators' ? !dealtIn.includes(user) : user === audience.userId) s.emit('table:hand', payload);
    }
  }

  table(tableId: string, table: TablePublicState, events: WireHandEvent[]): void {
    const w = this.watchers.get(tableId);
    if (!w) return;
    const payload = { tableId, table, events };
    for (const s of w.values()) s.emit('table:update', payload);
  }

  chat(message: TableChatMessage): void {
    for (const s of this.watchers.get(message.tableId)?.values() ?? []) s.emit('table:chat', message);
  }

  lobby(summary: TableSummary): void {
    this.server?.to(LOBBY_ROOM).emit('lobby:table', summary);
  }
}
