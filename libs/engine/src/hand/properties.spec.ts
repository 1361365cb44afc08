/**
 * Property tests over random tables and random legal play (fast-check): chips are conserved to the
 * chip, stacks never go negative, every hand terminates, `legalActions` and `apply` agree, views
 * never leak an unrevealed card, and a hand rebuilt from its events (or config + seed + actions)
 * reproduces the state.
 */
import fc from 'fast-check';
import { randomInt, seededRandom } from '../rng/random-source';
import { apply, legalActions } from './apply';
import { cancelHand } from './cancel';
import { houseRake } from './rake';
import { randomLegalAction } from './random-policy';
import { replay, replayEvents } from './replay';
import { start } from './start';
import type { Action, HandConfig, HandEvent, HandState } from './types';
import { view, viewEvents } from './view';

const VARIANTS = ['holdem', 'omaha', 'omaha5', 'omaha-hl', 'omaha5-hl'] as const;
const STRUCTURES = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit', 'spread-limit'] as const;

const tableArb = fc
  .record({
    variant: fc.constantFrom(...VARIANTS),
    structure: fc.constantFrom(...STRUCTURES),
    stacks: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 2, maxLength: 8 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 8, maxLength: 8 }),
    buttonPick: fc.nat(),
    bb: fc.integer({ min: 2, max: 100 }),
    ante: fc.constantFrom(0, 0, 1, 5),
    bigBlindAnte: fc.boolean(),
    showdown: fc.constantFrom('classic' as const, 'show-all' as const),
    rake: fc.boolean(),
    deadSmallBlind: fc.boolean(),
    post: fc.option(fc.record({ pick: fc.nat(), live: fc.boolean(), dead: fc.boolean() })),
    shortBigBlind: fc.constantFrom('full' as const, 'posted' as const),
  })
  .map((t): HandConfig => {
    let seat = -1;
    const seats = t.stacks.map((stack, i) => ({ seat: (seat += t.gaps[i]), stack }));
    const lastSeat = seats[seats.length - 1].seat;
    return {
      variant: t.variant,
      structure: t.structure,
      seats,
      button: t.buttonPick % (lastSeat + 2),
      stakes: { smallBlind: Math.floor(t.bb / 2), bigBlind: t.bb, ante: t.ante, bigBlindAnte: t.bigBlindAnte, spreadLimits: [t.bb, 2 * t.bb, 3 * t.bb] },
      showdown: t.showdown,
      rake: t.rake ? houseRake() : undefined,
      smallBlindSeat: t.deadSmallBlind && seats.length > 2 ? null : undefined,
      // A newcomer's big blind (live) and a missed small blind (dead), as the table would ask.
      posts: t.post ? [{ seat: seats[t.post.pick % seats.length].seat, live: t.post.live ? t.bb : 0, dead: t.post.dead ? Math.floor(t.bb / 2) : 0 }] : undefined,
      shortBigBlind: t.shortBigBlind,
    };
  });

interface Run {
  config: HandConfig;
  seed: number;
  states: HandState[];
  actions: Action[];
  events: HandEvent[];
}

function playRandom(config: HandConfig, seed: number, check?: (s: HandState, rng: ReturnType<typeof seededRandom>) => void): Run {
  const rng = seededRandom(seed);
  const started = start(config, { rng: seededRandom(`deck-${seed}`) });
  let state = started.state;
  const run: Run = { config, seed, states: [state], actions: [], events: started.events.slice() };
  for (let steps = 0; state.phase === 'betting'; steps++) {
    if (steps > 300) throw new Error('the hand did not terminate');
    check?.(state, rng);
    // Now and then the table protects a disconnected player instead of folding him.
    const la = legalActions(state);
    const a = la?.artificialAllIn && randomInt(rng, 6) === 0 ? { type: 'artificialAllIn', seat: la.seat } : randomLegalAction(state, rng)!;
    const r = apply(state, a);
    if (!r.ok) throw new Error(`a legal action was refused: ${JSON.stringify(a)} ${r.error.message}`);
    state = r.state;
    run.states.push(state);
    run.actions.push(a);
    run.events.push(...r.events);
  }
  return run;
}

const total = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('hand machine properties', () => {
  test('chips are conserved to the chip, stacks never go negative, every hand terminates', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const start0 = total(config.seats.map((s) => s.stack));
        for (const s of run.states) {
          if (!s.stacks.every((x) => x >= 0 && Number.isInteger(x))) throw new Error(`negative stack ${s.stacks}`);
          // In play: stacks + everything put in (still on the table) = starting chips.
          if (s.phase === 'betting' && total(s.stacks) + total(s.committed) !== start0) throw new Error('chips not conserved');
        }
        const last = run.states[run.states.length - 1];
        expect(last.phase).toBe('complete');
        const rake = run.events.filter((e) => e.type === 'pot-awarded').reduce((a, e) => a + (e as { rake: number }).rake, 0);
        expect(total(last.stacks) + rake).toBe(start0);
        const ended = run.events[run.events.length - 1] as Extract<HandEvent, { type: 'hand-ended' }>;
        expect(ended.type).toBe('hand-ended');
        expect(ended.stacks.map((s) => s.stack)).toEqual(last.stacks);
      }),
      { numRuns: 300 },
    );
  });

  test('legalActions and apply agree (and a refused action changes nothing)', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, (s, rng) => {
          const la = legalActions(s)!;
          const before = JSON.stringify(s);
          const amounts = [la.minTo - 1, la.minTo, la.maxTo, la.maxTo + 1, la.allInTo, la.minTo + randomInt(rng, Math.max(1, la.maxTo - la.minTo + 1)), 0];
          for (const type of ['fold', 'check', 'call', 'bet', 'raise', 'artificialAllIn']) {
            const tries = type === 'bet' || type === 'raise' ? amounts : [undefined];
            for (const amount of tries) {
              const r = apply(s, { type, seat: la.seat, amount });
              const legal =
                type === 'artificialAllIn'
                  ? la.artificialAllIn === true
                  : la.actions.includes(type) && (amount === undefined || (amount >= la.minTo && amount <= la.maxTo && (!la.choices || la.choices.includes(amount))));
              if (r.ok !== legal) throw new Error(`${type} ${amount}: apply ${r.ok} but legalActions says ${legal} (${JSON.stringify(la)})`);
            }
          }
          const other = s.seats.find((x) => x !== la.seat)!;
          expect(apply(s, { type: 'fold', seat: other }).ok).toBe(false);
          expect(JSON.stringify(s)).toBe(before);
        });
      }),
      { numRuns: 80 },
    );
  });

  test('view for a seat never contains another seat\'s unrevealed card, and never the deck', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        for (const s of [run.states[0], run.states[Math.floor(run.states.length / 2)], run.states[run.states.length - 1]]) {
          const viewers = [...s.seats, 'spectator' as const];
          for (const viewer of viewers) {
            const v = view(s, viewer);
            if (JSON.stringify(v).includes('deck')) throw new Error('the view carries the deck');
            v.players.forEach((p, i) => {
              p.cards.forEach((c, k) => {
                const visible = p.seat === viewer || s.shown[i] || s.holeUp[i][k];
                if (c !== (visible ? s.hole[i][k] : null)) throw new Error(`viewer ${viewer} sees seat ${p.seat} card ${k} wrongly`);
              });
            });
            // Cards never seen by this viewer must not appear anywhere in his view or his event feed.
            const secret = new Set<number>();
            s.seats.forEach((seat, i) => {
              if (seat !== viewer && !s.shown[i]) s.hole[i].forEach((c, k) => !s.holeUp[i][k] && secret.add(c));
            });
            for (const e of viewEvents(run.events, viewer)) {
              if (e.type !== 'hole-dealt' && e.type !== 'hand-mucked') continue;
              for (const c of (e as { cards: (number | null)[] }).cards) if (c !== null && secret.has(c)) throw new Error(`viewer ${viewer} was sent a secret card`);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  test('replaying the events reproduces the state; replaying config + seed + actions reproduces it exactly', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const last = run.states[run.states.length - 1];
        const fromEvents = replayEvents(config, run.events);
        expect(fromEvents.ok).toBe(true);
        // The undealt rest of the deck is not in the events: compare everything else.
        const strip = (s: HandState) => JSON.stringify({ ...s, deck: s.deck.slice(0, s.deckPos) });
        expect(strip(fromEvents.state)).toBe(strip(last));
        expect(JSON.stringify(fromEvents.events)).toBe(JSON.stringify(run.events));
        // A seeded deck: the same seed string gives the same shuffle.
        const again = replay(config, `deck-${seed}`, run.actions);
        expect(again.ok && JSON.stringify(again.state)).toBe(JSON.stringify(last));
        // Events are plain JSON values.
        expect(JSON.parse(JSON.stringify(run.events))).toEqual(run.events);
      }),
      { numRuns: 100 },
    );
  });

  test('cancelling at any point returns every chip to where it started', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), fc.nat(), (config, seed, pick) => {
        const run = playRandom(config, seed);
        const live = run.states.filter((s) => s.phase === 'betting');
        fc.pre(live.length > 0); // a hand can be decided by the forced bets alone
        const s = live[pick % live.length];
        const r = cancelHand(s);
        expect(r.ok && r.state.stacks).toEqual(config.seats.map((x) => x.stack));
      }),
      { numRuns: 100 },
    );
  });
});
