// Whether a broadcast to a socket room can reach anyone, so a publisher can skip building a view
// nobody receives (a tournament lobby reads every entry and seat).
import type { NaikoServer } from './platform.gateway';

/**
 * True when rooms span copies (the Redis adapter: a watcher may hold his socket on another copy,
 * which this one cannot see) or when this process holds a socket in `room`.
 */
export function roomMayHaveWatchers(server: NaikoServer | undefined, room: string, roomsSpanCopies: boolean): boolean {
  if (roomsSpanCopies) return true;
  return (server?.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
}
