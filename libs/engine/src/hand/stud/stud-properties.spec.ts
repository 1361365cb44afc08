/**
 * The hand machine's properties over every stud game and structure (fast-check): chips are
 * conserved, every hand terminates, `legalActions` and `apply` agree (bring-in and open-pair choices
 * included), views never leak a down-card, and events / config + seed + actions replay the hand.
 */
import fc from 'fast-check';
import { getVariant } from '../../variants';
import { randomInt, seededRandom } from '../../rng/random-source';
import { apply, legalActions } from '../apply';
import { cancelHand } from '../cancel';
import { houseRake } from '../rake';
import { randomLegalAction } from '../random-policy';
import { replay, replayEvents } from '../replay';
import { start } from '../start';
import type { Action, HandConfig, HandEvent, HandState } from '../types';
import { view, viewEvents } from '../view';

const GAMES = ['stud7', 'stud7-hl', 'soko', 'americana', 'telesina'] as const;
const STRUCTURES = ['fixed-limit', 'pot-limit', 'half-pot-limit', 'no-limit', 'spread-limit'] as const;

const tableArb = fc
  .record({
    variant: fc.constantFrom(...GAMES),
    structure: fc.constantFrom(...STRUCTURES),
    stacks: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 8 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 8, maxLength: 8 }),
    buttonPick: fc.nat(),
    ante: fc.integer({ min: 1, max: 10 }),
    bringInPick: fc.constantFrom(undefined, 1, 2),
    showdown: fc.constantFrom('classic' as const, 'show-all' as const),
    rake: fc.boolean(),
  })
  .map((t): HandConfig => {
    const n = Math.min(t.stacks.length, getVariant(t.variant).maxSeats);
    let seat = -1;
    const seats = t.stacks.slice(0, n).map((stack, i) => ({ seat: (seat += t.gaps[i]), stack }));
    const lastSeat = seats[seats.length - 1].seat;
    const smallBet = 4 * t.ante;
    return {
      variant: t.variant,
      structure: t.structure,
      seats,
      button: t.buttonPick % (lastSeat + 2),
      // Bring-in: the house default 2 × ante, or set explicitly (always below the completion).
      stakes: { smallBlind: 0, bigBlind: smallBet, ante: t.ante, bringIn: t.bringInPick === undefined ? undefined : t.bringInPick * t.ante, smallBet, bigBet: 2 * smallBet, spreadLimits: [smallBet, 2 * smallBet, 3 * smallBet] },
      showdown: t.showdown,
      rake: t.rake ? houseRake() : undefined,
    };
  });

/** Eight 7-Card Stud players who never fold: the deck runs out on 7th street whenever all stay in. */
const exhaustionArb = fc.record({ seed: fc.integer(), structure: fc.constantFrom(...STRUCTURES) }).map(({ seed, structure }) => ({
  seed,
  config: {
    variant: 'stud7',
    structure,
    seats: Array.from({ length: 8 }, (_, seat) => ({ seat, stack: 1000 })),
    button: 7,
    stakes: { smallBlind: 0, bigBlind: 10, ante: 1, smallBet: 10, bigBet: 20, spreadLimits: [10, 20, 30] },
  } as HandConfig,
}));

interface Run {
  states: HandState[];
  actions: Action[];
  events: HandEvent[];
}

function playRandom(config: HandConfig, seed: number, opts: { check?: (s: HandState, rng: ReturnType<typeof seededRandom>) => void; noFold?: boolean } = {}): Run {
  const rng = seededRandom(seed);
  const started = start(config, { rng: seededRandom(`deck-${seed}`) });
  let state = started.state;
  const run: Run = { states: [state], actions: [], events: started.events.slice() };
  for (let steps = 0; state.phase === 'betting'; steps++) {
    if (steps > 400) throw new Error('the hand did not terminate');
    opts.check?.(state, rng);
    let a = randomLegalAction(state, rng)!;
    if (opts.noFold && a.type === 'fold') a = { type: 'call', seat: a.seat };
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

describe('stud hand machine properties', () => {
  test('chips are conserved to the chip, stacks never go negative, every hand terminates', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const start0 = total(config.seats.map((s) => s.stack));
        for (const s of run.states) {
          if (!s.stacks.every((x) => x >= 0 && Number.isInteger(x))) throw new Error(`negative stack ${s.stacks}`);
          if (s.phase === 'betting' && total(s.stacks) + total(s.committed) !== start0) throw new Error('chips not conserved');
        }
        const last = run.states[run.states.length - 1];
        expect(last.phase).toBe('complete');
        const rake = run.events.filter((e) => e.type === 'pot-awarded').reduce((a, e) => a + (e as { rake: number }).rake, 0);
        expect(total(last.stacks) + rake).toBe(start0);
      }),
      { numRuns: 120 },
    );
  });

  test('deck exhaustion: eight players who stay in share one up-card as their 7th card, and no one acts after it', () => {
    fc.assert(
      fc.property(exhaustionArb, ({ config, seed }) => {
        const run = playRandom(config, seed, { noFold: true });
        const last = run.states[run.states.length - 1];
        expect(last.phase).toBe('complete');
        const live = last.folded.filter((f) => !f).length;
        if (last.street === 4 && live === 8) {
          expect(last.board.length).toBe(1);
          const seventh = run.events.findIndex((e) => e.type === 'street-started' && (e as { street: number }).street === 4);
          expect(run.events.slice(seventh).some((e) => e.type === 'action')).toBe(false);
        }
        expect(total(last.stacks)).toBe(8000);
      }),
      { numRuns: 30 },
    );
  });

  test('legalActions and apply agree (bring-in, completion and open-pair choices included); a refused action changes nothing', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, {
          check: (s, rng) => {
            const la = legalActions(s)!;
            const before = JSON.stringify(s);
            const amounts = [la.minTo - 1, la.minTo, la.maxTo, la.maxTo + 1, la.allInTo, la.minTo + randomInt(rng, Math.max(1, la.maxTo - la.minTo + 1)), 0];
            for (const type of ['fold', 'check', 'call', 'bet', 'raise', 'bring-in']) {
              const tries = type === 'bet' || type === 'raise' ? amounts : [undefined];
              for (const amount of tries) {
                const r = apply(s, { type, seat: la.seat, amount });
                const sized =
                  amount === undefined || (amount >= la.minTo && amount <= la.maxTo && (!la.choices || la.choices.includes(amount) || amount === la.allInTo));
                const legal = la.actions.includes(type) && sized;
                if (r.ok !== legal) throw new Error(`${type} ${amount}: apply ${r.ok} but legalActions says ${legal} (${JSON.stringify(la)})`);
              }
            }
            expect(JSON.stringify(s)).toBe(before);
          },
        });
      }),
      { numRuns: 40 },
    );
  });

  test("view and the event feed never show another seat's down-card before showdown, nor the deck", () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        for (const s of [run.states[0], run.states[Math.floor(run.states.length / 2)], run.states[run.states.length - 1]]) {
          for (const viewer of [...s.seats, 'spectator' as const]) {
            const v = view(s, viewer);
            if (JSON.stringify(v).includes('deck')) throw new Error('the view carries the deck');
            v.players.forEach((p, i) => {
              p.cards.forEach((c, k) => {
                const visible = p.seat === viewer || s.shown[i] || s.holeUp[i][k];
                if (c !== (visible ? s.hole[i][k] : null)) throw new Error(`viewer ${viewer} sees seat ${p.seat} card ${k} wrongly`);
              });
            });
            const secret = new Set<number>();
            s.seats.forEach((seat, i) => {
              if (seat !== viewer && !s.shown[i]) s.hole[i].forEach((c, k) => !s.holeUp[i][k] && secret.add(c));
            });
            for (const e of viewEvents(run.events, viewer)) {
              if (e.type !== 'hole-dealt') continue;
              for (const c of (e as { cards: (number | null)[] }).cards) if (c !== null && secret.has(c)) throw new Error(`viewer ${viewer} was sent a secret card`);
            }
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  test('replaying the events reproduces the state; config + seed + actions reproduce it exactly', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const last = run.states[run.states.length - 1];
        const fromEvents = replayEvents(config, run.events);
        expect(fromEvents.ok).toBe(true);
        const strip = (s: HandState) => JSON.stringify({ ...s, deck: s.deck.slice(0, s.deckPos) });
        expect(strip(fromEvents.state)).toBe(strip(last));
        const again = replay(config, `deck-${seed}`, run.actions);
        expect(again.ok && JSON.stringify(again.state)).toBe(JSON.stringify(last));
      }),
      { numRuns: 50 },
    );
  });

  test('cancelling at any point returns every chip to where it started', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), fc.nat(), (config, seed, pick) => {
        const run = playRandom(config, seed);
        const live = run.states.filter((s) => s.phase === 'betting');
        fc.pre(live.length > 0);
        const r = cancelHand(live[pick % live.length]);
        expect(r.ok && r.state.stacks).toEqual(config.seats.map((x) => x.stack));
      }),
      { numRuns: 50 },
    );
  });
});
