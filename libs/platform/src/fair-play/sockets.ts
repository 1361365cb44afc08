// The socket.io server, for messages fair play sends to one user's sockets (room `user:<id>`, on
// every copy through the Redis adapter): reality checks, a private host's same-connection warning,
// an admin's warning. No client events: this gateway only holds the server.
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { ServerToClientEvents } from '@naiko/contracts';
import type { NaikoServer } from '../gateway/platform.gateway';
import { userRoom } from '../auth/user-access';
import { CORS_OPTIONS } from '../http/cors';

@WebSocketGateway({ cors: CORS_OPTIONS })
export class FairPlaySockets {
  @WebSocketServer() server?: NaikoServer;

  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    const room = this.server?.to(userRoom(userId));
    if (room) (room.emit as (e: E, ...p: unknown[]) => boolean)(event, ...payload);
  }
}
