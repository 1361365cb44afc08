// socket.io adapter that binds each gateway message handler to a socket with one plain listener.
//
// Why: Nest's IoAdapter builds an RxJS pipeline per socket and per handler (fromEvent → mergeMap →
// defer → filter → map → catchError → takeUntil(disconnect)), about 50 subscriber objects and 250
// closures per connected socket with our dozen events. With 6,000 sockets that was most of a 460 MB
// live heap, and V8's major GC marked it all every ~17 s: a second of both cores, during which every
// table's decisions waited (the 1,000-table bench's p99). Here a socket holds one listener per
// event and a message allocates one promise; the behaviour is Nest's: the handler's result (value,
// promise or observable, as interceptors make it) is acknowledged when the client asked for an
// acknowledgement, `{ event, data }` results are emitted, errors the exception filters rethrow are
// logged, never thrown into socket.io.
// Every socket is guarded (socket-guard.ts: rate limits, abusers, bounded queues, oversized frames)
// from the moment the server exists, before any gateway binds to it.
import { Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { isObservable, type Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { SocketGuard } from './socket-guard';

type Handler = Pick<MessageMappingProperties, 'message' | 'callback'> & { isAckHandledManually?: boolean };
type Ack = (response: unknown) => void;

export class LeanIoAdapter extends IoAdapter {
  private readonly log = new Logger('LeanIoAdapter');
  readonly guard = new SocketGuard();

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    this.guard.attach(server);
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.guard.detach(server);
    await super.close(server);
  }

  override bindMessageHandlers(
    socket: Socket,
    handlers: Handler[],
    _transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // The payload as Nest's fromEvent would see it: one argument as is, several as an array.
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        const respond = (response: unknown): void => {
          if (response === undefined || response === null) return;
          const reply = response as { event?: string; data?: unknown };
          if (reply.event) socket.emit(reply.event, reply.data);
          else if (!isAckHandledManually && typeof ack === 'function') (ack as Ack)(response);
        };
        const fail = (err: unknown): void => this.log.error(err);
        // Handlers running at once per socket are bounded by the guard.
        const end = this.guard.begin(socket);
        try {
          Promise.resolve(callback(data, ack))
            .then((result: unknown) => {
              if (isObservable(result)) result.subscribe({ next: respond, error: fail });
              else respond(result);
            }, fail)
            .finally(end);
        } catch (err) {
          end();
          fail(err);
        }
      });
    }
  }
}
