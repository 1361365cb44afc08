import { safeText, UNSAFE_TEXT } from '@naiko/contracts';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth';
import { metricsAllowed } from '../cluster/metrics.controller';
import { corsOrigin, configureCorsOrigins } from './cors';
import { ParseIdPipe } from './parse-id.pipe';

describe('jsonTooDeep (request bodies nested deeper than 32 levels are refused)', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonTooDeep('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ name: '['.repeat(1000), esc: '\\"[[[' }))).toBe(false);
    expect(jsonTooDeep(Buffer.from('{"stakes":{"smallBlind":1,"bigBlind":2},"buyIn":{"min":40,"max":200}}'))).toBe(
      false,
    );
  });
});

describe('metricsAllowed', () => {
  it('with a token configured: only that exact token, from anywhere', () => {
    expect(metricsAllowed('s3cret-metrics-token', 's3cret-metrics-token', '10.0.0.9')).toBe(true);
    expect(metricsAllowed('s3cret-metrics-tokeN', 's3cret-metrics-token', '127.0.0.1')).toBe(false);
    expect(metricsAllowed(undefined, 's3cret-metrics-token', '127.0.0.1')).toBe(false);
  });
  it('without one: loopback clients only', () => {
    expect(metricsAllowed(undefined, undefined, '127.0.0.1')).toBe(true);
    expect(metricsAllowed(undefined, undefined, '::1')).toBe(true);
    expect(metricsAllowed('anything', undefined, '203.0.113.7')).toBe(false);
  });
});

describe('corsOrigin', () => {
  it('echoes an allowed origin and gives no CORS to any other', () => {
    configureCorsOrigins(['https://a.example']);
    const answer = (origin: string | undefined) => {
      let out: unknown;
      corsOrigin(origin, (_e, allow) => (out = allow));
      return out;
    };
    expect(answer('https://a.example')).toBe('https://a.example');
    expect(answer('https://b.example')).toBe(false);
    expect(answer(undefined)).toBe(false);
    configureCorsOrigins([]);
  });
});

describe('safeText (table names, chat)', () => {
  const name = safeText(1, 64);
  it('refuses bidi overrides and isolates, zero-width and control characters', () => {
    for (const bad of [
      'a\u202Eb',
      'a\u2067b',
      'a\u200Bb',
      'a\u200Db',
      'a\uFEFF',
      'a\u0000b',
      'a\tb',
      'a\nb',
      'a\u007Fb',
      'a\u0085b',
      'a\u2028b',
      'a\u061Cb',
    ]) {
      expect(UNSAFE_TEXT.test(bad)).toBe(true);
      expect(name.safeParse(bad).success).toBe(false);
    }
  });
  it('keeps letters of every script, symbols and emoji; trims spaces', () => {
    for (const ok of ['Ünïcode', '日本語のテーブル', 'עברית', 'العربية', '♠♥♦♣ 10/20', '🃏 Jokers'])
      expect(name.parse(ok)).toBe(ok);
    expect(name.parse('  Main  ')).toBe('Main');
  });
});

describe('ParseIdPipe', () => {
  const pipe = new ParseIdPipe();
  it('takes 1..2^31-1 and refuses the rest with BAD_PAYLOAD', () => {
    expect(pipe.transform('1')).toBe(1);
    expect(pipe.transform('2147483647')).toBe(2147483647);
    expect(pipe.transform(42)).toBe(42);
    for (const bad of ['0', '-1', '2147483648', '99999999999', '1.5', 'abc', '', 1.5, 2 ** 31, NaN]) {
      expect(() => pipe.transform(bad)).toThrow(
        expect.objectContaining({ response: expect.objectContaining({ code: 'BAD_PAYLOAD' }) }) as unknown as Error,
      );
    }
  });
});
