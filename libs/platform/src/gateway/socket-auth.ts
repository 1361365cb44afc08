// Handshake authentication: the client passes its access token as `auth: { token }` (or an
// `Authorization: Bearer` header). Without a valid one — or when the account behind it was
// deleted, demoted, renamed or changed its password since (UserAccess, issue 19.5) — the
// connection is refused with a connect_error whose message is `UNAUTHORIZED` and `data` is a
// SocketError. An accepted socket joins its user's room (`userRoom`), which a revocation closes.
import type { Server, Socket } from 'socket.io';
import type { AccessClaims, SocketError } from '@naiko/contracts';
import { bearerToken } from '../auth/http-auth';
import type { TokenService } from '../auth/token.service';
import { userRoom, type UserAccess } from '../auth/user-access';

export interface SocketData {
  user: AccessClaims;
}

type ExtendedError = Error & { data?: SocketError };

export function socketToken(socket: Pick<Socket, 'handshake'>): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token;
  return bearerToken(socket.handshake.headers.authorization);
}

function refusal(err: unknown): ExtendedError {
  const refused: ExtendedError = new Error('UNAUTHORIZED');
  refused.data = { code: 'UNAUTHORIZED', message: err instanceof Error ? err.message : 'invalid token' };
  return refused;
}

export function useSocketAuth(
  server: Pick<Server, 'use'>,
  tokens: TokenService,
  access: Pick<UserAccess, 'check'>,
): void {
  server.use((socket, next) => {
    let claims: AccessClaims;
    try {
      claims = tokens.verify(socketToken(socket));
    } catch (err) {
      next(refusal(err));
      return;
    }
    access.check(claims).then(
      () => {
        (socket.data as SocketData).user = claims;
        void socket.join(userRoom(claims.sub));
        next();
      },
      (err: unknown) => next(refusal(err)),
    );
  });
}
