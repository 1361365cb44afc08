// The per-viewer hand feed of the Sit & Go gateway: a seat's feed holds its own cards and never a
// card another seat holds unrevealed; the spectator feed holds no hidden card at all.
import fc from 'fast-check';
import { apply, hashRandom, isOver, randomLegalAction, start, type HandConfig, type HandEvent, type HandState } from '@naiko/engine';
import { handFeedFor } from './sit-and-go.gateway';
import type { HandStep } from './sit-and-go.runner';

const config: HandConfig = {
  variant: 'holdem',
  structure: 'no-limit',
  seats: [0, 2, 3, 5].map((seat) => ({ seat, stack: 300 })),
  button: 2,
  stakes: { smallBlind: 10, bigBlind: 20 },
};

type WirePlayer = { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean };

function playSteps(seed: string): { state: HandState; events: HandEvent[] }[] {
  const rng = hashRandom(seed);
  const started = start(config, { rng: hashRandom(`deck:${seed}`) });
  const steps = [{ state: started.state, events: started.events }];
  let state = started.state;
  while (!isOver(state)) {
    const action = randomLegalAction(state, rng);
    if (!action) break;
    const r = apply(state, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    steps.push({ state, events: r.events });
  }
  return steps;
}

describe('Sit & Go hand feed (per-seat views)', () => {
  it('a seat sees its own cards and never another seat’s unrevealed card; spectators see no hidden card', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const steps = playSteps(seed);
        const hole = new Map<number, number[]>();
        for (const e of steps[0].events) if (e.type === 'hole-dealt') hole.set(e.seat, e.cards as number[]);
        const shownSeats = new Set<number>();
        for (const s of steps) for (const e of s.events) if (e.type === 'hand-shown') shownSeats.add(e.seat);
        for (const s of steps) {
          const step: HandStep = { instanceId: 1, handNumber: 1, state: s.state, events: s.events, deadline: null, players: [], seated: [] };
          for (const viewer of [...config.seats.map((x) => x.seat), 'spectator' as const]) {
            const f = handFeedFor(step, viewer);
            const secret = new Set<number>();
            for (const [seat, cards] of hole) if (seat !== viewer && !shownSeats.has(seat)) cards.forEach((c) => secret.add(c));
            const players = f.view.players as unknown as WirePlayer[];
            const seen = [...players.flatMap((p) => p.cards), ...f.events.flatMap((e) => (e.cards as (number | null)[] | undefined) ?? [])];
            for (const c of seen) if (c !== null) expect(secret.has(c)).toBe(false);
            for (const p of players) if (p.seat !== viewer && !p.shown) expect(p.cards.every((c) => c === null)).toBe(true);
            if (viewer !== 'spectator') expect(players.find((p) => p.seat === viewer)!.cards).toEqual(hole.get(viewer));
            // Legal actions only on the viewer's own turn.
            if (f.view.legal) expect(f.view.toAct).toBe(viewer);
          }
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
