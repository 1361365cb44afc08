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
  .map((table): HandConfig => ({
    variant: 'naiko',
    structure: 'no-limit',
    seats: table.stacks.map((stack, seat) => ({ seat, stack })),
    button: table.buttonPick % table.stacks.length,
    stakes: { smallBlind: Math.floor(table.bb / 2), bigBlind: table.bb },
    showdown: 'show-all',
    powers: {
      sparks: Object.fromEntries(table.stacks.map((_, seat) => [seat, table.sparks[seat]])),
      dealSparkGranted: table.granted,
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
        for (const state of run.states) {
          const sp = powersExt(state)!.sparks;
          for (const sparks of sp) expect(sparks >= 0 && sparks <= MAX_SPARKS).toBe(true);
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
        for (const state of run.states) {
          let step = 0;
          for (let i = 0; i < state.seats.length; i++)
            step += state.stacks[i] + (state.phase === 'complete' ? 0 : state.committed[i]);
          expect(step).toBe(chipsDealtIn(config));
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
        for (const state of run.states) {
          const powers = powersExt(state)!;
          for (let me = 0; me < state.seats.length; me++) {
            const handView = view(state, state.seats[me]);
            const powerState = handView.ext!.powers as { peek: { card: Card } | null; discarded: Card | null };
            expect(powerState.peek).toEqual(powers.peeks[me]);
            expect(powerState.discarded).toEqual(powers.discards[me]);
            for (let i = 0; i < state.seats.length; i++) {
              if (i === me || state.shown[i]) continue;
              expect(handView.players[i].cards.every((c) => c === null)).toBe(true);
            }
          }
          const sv = view(state, 'spectator').ext!.powers as { peek: unknown; discarded: unknown };
          expect(sv.peek).toBeNull();
          expect(sv.discarded).toBeNull();
        }
        // The feed: another seat's peek or swap never carries cards; hole cards of others only when shown.
        for (const viewer of [...last.seats, 'spectator' as const]) {
          for (const event of viewEvents(run.events, viewer)) {
            const ev = event as unknown as {
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
        const result = replayPowerEvents(config, run.events);
        expect(result.ok).toBe(true);
        expect(result.events).toEqual(run.events);
        const last = lastState(run);
        expect(result.state.stacks).toEqual(last.stacks);
        expect(powersExt(result.state)).toEqual(powersExt(last));
      }),
      { numRuns: 100 },
    );
  });

  test('every power legalActions offers is accepted, and every power it does not offer is refused without change', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (config, seed) => {
        playRandom(config, seed, (state) => {
          const la = legalActions(state);
          if (!la || !la.extensions) return;
          const seat = la.seat;
          const tries = [
            { type: 'sneak-peek', seat },
            { type: 'sleeve-swap', seat, card: state.hole[state.toAct]?.[0] },
            { type: 'short-anchor', seat, target: state.seats[(state.toAct + 1) % state.seats.length] },
          ];
          for (const attempt of tries) {
            const offered = la.extensions[attempt.type] as { targets?: number[] } | undefined;
            const result = apply(state, attempt);
            const expectOk =
              !!offered && (attempt.type !== 'short-anchor' || offered.targets!.includes(attempt.target as number));
            expect(result.ok).toBe(expectOk);
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});
