/**
 * Property tests with random power use (fast-check): sparks stay within 0..3, chips are conserved,
 * views and feeds never leak a card (a peek, a swap, anyone's hole cards), a hand rebuilt from its
 * events reproduces it, legalActions and apply agree on powers, and random play terminates.
 */
import fc from 'fast-check';
import type { Card } from '../../cards';
import { apply, legalActions } from '../apply';
import { chipsDealtIn, lastState, playRandomHand, type RandomRun } from '../property-harness';
import type { HandConfig, HandState } from '../types';
import { view } from '../view';
import { viewEvents } from '../view-events';
import { powersExt, sparksOf } from './powers';
import { randomNaikoAction } from './random-policy';
import { sparksFromEvents } from './replay';
import { replayPowerEvents } from './replay-powers';
import { MAX_SPARKS } from './types';
import './naiko-test-helpers';

const tableArb = fc
  .record({
    stacks: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 10 }),
    sparks: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 10, maxLength: 10 }),
    bb: fc.integer({ min: 2, max: 50 }),
    buttonPick: fc.nat(),
    granted: fc.boolean(),
  })
  .map((t): HandConfig => ({
    variant: 'naiko',
    structure: 'no-limit',
    seats: t.stacks.map((stack, seat) => ({ seat, stack })),
    button: t.buttonPick % t.stacks.length,
    stakes: { smallBlind: Math.floor(t.bb / 2), bigBlind: t.bb },
    showdown: 'show-all',
    powers: {
      sparks: Object.fromEntries(t.stacks.map((_, seat) => [seat, t.sparks[seat]])),
      dealSparkGranted: t.granted,
    },
  }));

/** Random legal play with powers used half the time it is their turn and they have one. */
function playRandom(config: HandConfig, seed: number, check?: (s: HandState) => void): RandomRun {
  return playRandomHand(config, seed, {
    maxSteps: 400,
    check,
    choose: (state, rng) => randomNaikoAction(state, rng, 0.5)!,
  });
}

describe('Naiko powers: properties under random play with powers', () => {
  test('random legal play incl. powers terminates; legalActions and apply agree', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        const run = playRandom(config, seed);
        expect(lastState(run).phase).toBe('complete');
      }),
      { numRuns: 100 },
    );
  });

  test('sparks never exceed 3 nor go negative, and only the deal adds any', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        const run = playRandom(config, seed);
        let prev: number[] | null = null;
        for (const s of run.states) {
          const sp = powersExt(s)!.sparks;
          for (const n of sp) expect(n >= 0 && n <= MAX_SPARKS).toBe(true);
          if (prev) for (let i = 0; i < sp.length; i++) expect(sp[i]).toBeLessThanOrEqual(prev[i]);
          prev = sp;
        }
        // The event log reports the same final balances, also in any seat's redacted feed.
        const last = lastState(run);
        expect(sparksFromEvents(run.events)).toEqual(sparksOf(last));
        expect(sparksFromEvents(viewEvents(run.events, 'spectator'))).toEqual(sparksOf(last));
      }),
      { numRuns: 100 },
    );
  });

  test('chips are conserved at every step', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        const run = playRandom(config, seed);
        for (const s of run.states) {
          let t = 0;
          for (let i = 0; i < s.seats.length; i++) t += s.stacks[i] + (s.phase === 'complete' ? 0 : s.committed[i]);
          expect(t).toBe(chipsDealtIn(config));
        }
      }),
      { numRuns: 100 },
    );
  });

  test('views and feeds never show a card the viewer may not see (peeks and swaps included)', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        const run = playRandom(config, seed);
        const last = lastState(run);
        for (const s of run.states) {
          const x = powersExt(s)!;
          for (let me = 0; me < s.seats.length; me++) {
            const v = view(s, s.seats[me]);
            const p = v.ext!.powers as { peek: { card: Card } | null; discarded: Card | null };
            expect(p.peek).toEqual(x.peeks[me]);
            expect(p.discarded).toEqual(x.discards[me]);
            for (let i = 0; i < s.seats.length; i++) {
              if (i === me || s.shown[i]) continue;
              expect(v.players[i].cards.every((c) => c === null)).toBe(true);
            }
          }
          const sv = view(s, 'spectator').ext!.powers as { peek: unknown; discarded: unknown };
          expect(sv.peek).toBeNull();
          expect(sv.discarded).toBeNull();
        }
        // The feed: another seat's peek or swap never carries cards; hole cards of others only when shown.
        for (const viewer of [...last.seats, 'spectator' as const]) {
          for (const e of viewEvents(run.events, viewer)) {
            const ev = e as unknown as {
              type: string;
              seat: number;
              card?: Card;
              discarded?: Card;
              cards?: (Card | null)[];
            };
            if (ev.type === 'x-power' && ev.seat !== viewer)
              expect(ev.card === undefined && ev.discarded === undefined).toBe(true);
            if ((ev.type === 'hole-dealt' || ev.type === 'hand-mucked') && ev.seat !== viewer)
              expect(ev.cards!.every((c) => c === null)).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  test('replay from the events reproduces the hand', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        const run = playRandom(config, seed);
        const r = replayPowerEvents(config, run.events);
        expect(r.ok).toBe(true);
        expect(r.events).toEqual(run.events);
        const last = lastState(run);
        expect(r.state.stacks).toEqual(last.stacks);
        expect(powersExt(r.state)).toEqual(powersExt(last));
      }),
      { numRuns: 100 },
    );
  });

  test('every power legalActions offers is accepted, and every power it does not offer is refused without change', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        playRandom(config, seed, (s) => {
          const la = legalActions(s);
          if (!la || !la.extensions) return;
          const seat = la.seat;
          const tries = [
            { type: 'sneak-peek', seat },
            { type: 'sleeve-swap', seat, card: s.hole[s.toAct]?.[0] },
            { type: 'short-anchor', seat, target: s.seats[(s.toAct + 1) % s.seats.length] },
          ];
          for (const a of tries) {
            const offered = la.extensions[a.type] as { targets?: number[] } | undefined;
            const r = apply(s, a);
            const expectOk = !!offered && (a.type !== 'short-anchor' || offered.targets!.includes(a.target as number));
            expect(r.ok).toBe(expectOk);
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});
