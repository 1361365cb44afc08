// Typed socket errors: handlers and pipes throw SocketErrorException; SocketExceptionFilter turns
// any exception into an `error` event with the contracts' SocketError shape. The socket stays
// connected: a bad message is the client's problem, not a reason to drop it.
import { ArgumentsHost, Catch, Logger, type WsExceptionFilter } from '@nestjs/common';
import { WsException } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { SocketError, SocketErrorCode, SocketIssue } from '@naiko/contracts';

export class SocketErrorException extends WsException {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
    readonly issues?: SocketIssue[],
  ) {
    super(message);
  }
}

@Catch()
export class SocketExceptionFilter implements WsExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ws = host.switchToWs();
    const client = ws.getClient<Socket>();
    const event = ws.getPattern?.() ?? undefined;
    let error: SocketError;
    if (exception instanceof SocketErrorException) {
      error = {
        code: exception.code,
        message: exception.message,
        ...(exception.issues ? { issues: exception.issues } : {}),
      };
    } else if (exception instanceof WsException) {
      error = { code: 'BAD_PAYLOAD', message: exception.message };
    } else {
      this.logger.error({
        msg: 'socket handler failed',
        event,
        err: exception instanceof Error ? exception.stack : String(exception),
      });
      error = { code: 'INTERNAL', message: 'internal error' };
    }
    if (typeof event === 'string') error.event = event;
    client.emit('error', error);
  }
}
