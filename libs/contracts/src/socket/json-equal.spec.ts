// `jsonEqual` stands in for comparing two JSON encodings: it must agree with them on every value.
import { seededRandom, start, view, viewEvents } from '@naiko/engine';
import { jsonEqual } from './json-equal';

const sameEncoding = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

describe('jsonEqual', () => {
  it('agrees with the JSON encodings on edge cases', () => {
    const samples: unknown[] = [
      undefined,
      null,
      0,
      -0,
      1,
      NaN,
      Infinity,
      -Infinity,
      '',
      'null',
      '1',
      true,
      false,
      () => 1,
      Symbol('s'),
      [],
      {},
      [null],
      [undefined],
      [() => 1],
      [NaN],
      [1, 2],
      [2, 1],
      { a: 1 },
      { a: 1, b: undefined },
      { b: undefined, a: 1 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: undefined },
      { a: null },
      { a: [1, { b: [null] }] },
      { a: [1, { b: [undefined] }] },
      { 1: 'x', a: 'y' },
      { a: 'y', 1: 'x' },
      Object.assign(Object.create(null) as object, { a: 1 }),
      new Date(0),
      { toJSON: () => 1 },
      new Map([[1, 2]]),
      Object.assign([1], { extra: 2 }),
    ];
    const disagreements = samples.flatMap((a, i) =>
      samples.flatMap((b, j) => (jsonEqual(a, b) === sameEncoding(a, b) ? [] : [`samples ${i} and ${j}`])),
    );
    expect(disagreements).toEqual([]);
  });

  it('agrees with the JSON encodings on real views and events of every viewer', () => {
    const rng = seededRandom('json-equal');
    const hand = start(
      {
        variant: 'holdem',
        structure: 'no-limit',
        seats: [0, 1, 2].map((seat) => ({ seat, stack: 100 })),
        button: 0,
        stakes: { smallBlind: 1, bigBlind: 2 },
      },
      { rng },
    );
    const viewers = ['spectator', 0, 1, 2] as const;
    const values: unknown[] = viewers.flatMap((viewer) => {
      const seen = view(hand.state, viewer);
      return [seen, seen.players, seen.players.map((p) => p.cards), viewEvents(hand.events, viewer)];
    });
    const copies = values.map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    const all = [...values, ...copies];
    const disagreements = all.flatMap((one, i) =>
      all.flatMap((other, j) => (jsonEqual(one, other) === sameEncoding(one, other) ? [] : [`values ${i} and ${j}`])),
    );
    expect(disagreements).toEqual([]);
    // Both answers occur: seats see their own cards, copies encode like their originals.
    expect(all.filter((other) => jsonEqual(all[0], other))).toHaveLength(2);
  });
});
