// Every client event payload is parsed with its contracts schema before the handler runs:
// `handle(@ValidBody('ping') payload: PingPayload)`.
import { MessageBody } from '@nestjs/websockets';
import type { PipeTransform } from '@nestjs/common';
import { CLIENT_EVENT_SCHEMAS, toSocketIssues, type ClientEventName, type ClientEventPayload } from '@naiko/contracts';
import { SocketErrorException } from './socket-errors';

export class ClientEventPipe<E extends ClientEventName> implements PipeTransform<unknown, ClientEventPayload<E>> {
  constructor(private readonly event: E) {}

  transform(value: unknown): ClientEventPayload<E> {
    const result = CLIENT_EVENT_SCHEMAS[this.event].safeParse(value);
    if (!result.success) {
      throw new SocketErrorException(
        'BAD_PAYLOAD',
        `invalid payload for "${this.event}"`,
        toSocketIssues(result.error),
      );
    }
    return result.data as ClientEventPayload<E>;
  }
}

/** `@MessageBody()` validated against the event's schema in CLIENT_EVENT_SCHEMAS. */
export const ValidBody = <E extends ClientEventName>(event: E) => MessageBody(new ClientEventPipe(event));

export function isClientEvent(name: string): name is ClientEventName {
  return Object.prototype.hasOwnProperty.call(CLIENT_EVENT_SCHEMAS, name);
}
