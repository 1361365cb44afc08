import type { ArgumentsHost } from '@nestjs/common';
import { WsException } from '@nestjs/websockets';
import { ClientEventPipe } from './socket-validation';
import { SocketErrorException, SocketExceptionFilter } from './socket-errors';

function host(pattern: string) {
  const emitted: [string, unknown][] = [];
  const client = { emit: (e: string, p: unknown) => emitted.push([e, p]) };
  const host = {
    switchToWs: () => ({ getClient: () => client, getPattern: () => pattern }),
  } as unknown as ArgumentsHost;
  return { h: host, emitted };
}

describe('socket errors', () => {
  const filter = new SocketExceptionFilter();
  afterEach(() => jest.restoreAllMocks());

  it('sends a typed error event for a SocketErrorException', () => {
    const { h: argumentsHost, emitted } = host('sit');
    filter.catch(new SocketErrorException('CONFLICT', 'stale version'), argumentsHost);
    expect(emitted).toEqual([['error', { code: 'CONFLICT', message: 'stale version', event: 'sit' }]]);
  });

  it('hides internals of unexpected exceptions behind INTERNAL', () => {
    const { h: argumentsHost, emitted } = host('ping');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    filter.catch(new Error('db password is hunter2'), argumentsHost);
    expect(emitted).toEqual([['error', { code: 'INTERNAL', message: 'internal error', event: 'ping' }]]);
  });

  it('maps a plain WsException to BAD_PAYLOAD', () => {
    const { h: argumentsHost, emitted } = host('ping');
    filter.catch(new WsException('nope'), argumentsHost);
    expect(emitted[0][1]).toMatchObject({ code: 'BAD_PAYLOAD', message: 'nope' });
  });

  it('validates a payload against its contracts schema', () => {
    const pipe = new ClientEventPipe('ping');
    expect(pipe.transform({ nonce: 'a' })).toEqual({ nonce: 'a' });
    expect(() => pipe.transform({ nonce: '' })).toThrow(SocketErrorException);
    expect(() => pipe.transform('not an object')).toThrow('invalid payload for "ping"');
  });
});
