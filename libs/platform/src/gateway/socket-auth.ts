// Handshake authentication: the client passes its access token as `auth: { token }` (or an
// `Authorization: Bearer` header). Without a valid one the connection is refused with a
// connect_error whose message is `UNAUTHORIZED` and `data` is a SocketError.
import type { Server, Socket } from 'socket.io';
import type { AccessClaims, SocketError } from '@naiko/contracts';
import { bearerToken } from '../auth/http-auth';
import type { TokenService } from '../auth/token.service';

export interface SocketData {
  user: AccessClaims;
}

type ExtendedError = Error & { data?: SocketError };

export function socketToken(socket: Pick<Socket, 'handshake'>): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token;
  return bearerToken(socket.handshake.headers.authorization);
}

export function useSocketAuth(server: Pick<Server, 'use'>, tokens: TokenService): void {
  server.use((socket, next) => {
    try {
      (socket.data as SocketData).user = tokens.verify(socketToken(socket));
      next();
    } catch (err) {
      const refused: ExtendedError = new Error('UNAUTHORIZED');
      refused.data = { code: 'UNAUTHORIZED', message: err instanceof Error ? err.message : 'invalid token' };
      next(refused);
    }
  });
}
