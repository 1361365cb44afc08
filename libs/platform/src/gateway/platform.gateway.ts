// The platform's socket.io gateway: authenticates every connection, greets it and answers `ping`.
// Events nobody handles are answered UNKNOWN_EVENT by the socket guard (socket-guard.ts), after
// its rate limit. Feature gateways (lobby, tables) live on
// the same server and namespace; they use ValidBody + SocketExceptionFilter the same way.
import { Inject, Logger, UseFilters } from '@nestjs/common';
import {
  ConnectedSocket,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, PingPayload, PongPayload, ServerToClientEvents } from '@naiko/contracts';
import { APP_INFO, type AppInfo } from '../tokens';
import { TokenService } from '../auth/token.service';
import { UserAccess } from '../auth/user-access';
import { useSocketAuth, type SocketData } from './socket-auth';
import { CORS_OPTIONS } from '../http/cors';
import { SocketExceptionFilter } from './socket-errors';
import { ValidBody } from './socket-validation';

export type NaikoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type NaikoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

@UseFilters(new SocketExceptionFilter())
@WebSocketGateway({ cors: CORS_OPTIONS })
export class PlatformGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Gateway');
  @WebSocketServer() server: NaikoServer;

  constructor(
    private readonly tokens: TokenService,
    @Inject(APP_INFO) private readonly app: AppInfo,
    private readonly access: UserAccess,
  ) {}

  afterInit(server: NaikoServer): void {
    useSocketAuth(server, this.tokens, this.access);
    this.access.attachSocketServer(server);
  }

  handleConnection(socket: NaikoSocket): void {
    const { sub, username, role } = socket.data.user;
    socket.emit('welcome', { user: { sub, username, role }, app: this.app.name });
    this.logger.debug({ msg: 'socket connected', user: username, socket: socket.id });
  }

  @SubscribeMessage('ping')
  ping(@ValidBody('ping') payload: PingPayload, @ConnectedSocket() socket: NaikoSocket): void {
    const pong: PongPayload = { nonce: payload.nonce, serverTime: Date.now() };
    socket.emit('pong', pong);
  }
}
