import { Writable } from 'node:stream';
import { JsonLogger } from './json-logger';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with app, context and message', () => {
    const { lines, stream } = capture();
    const logger = new JsonLogger('all-in-one', 'info', stream);
    logger.log('listening', 'Bootstrap');
    logger.error('boom', 'Error: boom\n at x', 'Gateway');
    logger.debug('hidden at info level');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, app: 'all-in-one', context: 'Bootstrap', msg: 'listening' });
    expect(lines[1]).toMatchObject({ level: 50, context: 'Gateway', msg: 'boom', stack: 'Error: boom\n at x' });
  });
});
