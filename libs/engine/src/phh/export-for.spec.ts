/**
 * Issue 19.2 — a PHH download shows only what its player saw at the table. Property: over random hands
 * of every variant, the text `exportPhhFor(config, events, seat)` names no card absent from that seat's
 * own view events (`viewEvents(events, seat)`); every other card is '??'. Plus the hand-worked cases.
 */
import fc from 'fast-check';
import { formatCard, parseCards } from '../cards/card';
import { resolveVariant } from '../hand/start';
import { cardsOfEvent } from '../hand/deal-proof';
import { playRandomHand } from '../hand/property-harness';
import { randomLegalAction } from '../hand/random-policy';
import type { HandConfig, HandEvent } from '../hand/types';
import { viewEvents } from '../hand/view-events';
import { variantIds } from '../variants';
import { eventsSeenBy, exportPhhFor } from './export';
import { parse as parseToml } from 'smol-toml';
import { PhhError } from './types';

/** Every card token of the PHH actions (runs of two characters after the action's prefix). */
function cardTokens(phh: string): string[] {
  const actions = (parseToml(phh) as { actions: string[] }).actions;
  const out: string[] = [];
  for (const action of actions) {
    const match = /^(?:d dh p\d+|d db|p\d+ sd|p\d+ sm) ?(.*)$/.exec(action);
    if (!match || !match[1]) continue;
    for (let k = 0; k < match[1].length; k += 2) out.push(match[1].slice(k, k + 2));
  }
  return out;
}

const configFor = (variant: string, players: number, structurePick: number, button: number): HandConfig => {
  const spec = resolveVariant(variant);
  const seatCount = Math.max(spec.minSeats, Math.min(players, spec.maxSeats, 6));
  return {
    variant,
    structure: spec.structures[structurePick % spec.structures.length],
    seats: Array.from({ length: seatCount }, (_, seat) => ({ seat, stack: 400 })),
    button: button % seatCount,
    stakes: {
      smallBlind: 5,
      bigBlind: 10,
      ante: spec.forcedBets.bringIn || spec.forcedBets.antes ? 2 : 0,
      bringIn: 5,
      smallBet: 10,
      bigBet: 20,
      spreadLimits: [10, 20, 30],
    },
  } as HandConfig;
};

describe('PHH downloads mask every card the downloader could not see (issue 19.2)', () => {
  const variants = variantIds().filter((v) => v !== 'naiko'); // Naiko hands (powers) have no PHH form: PHH_UNSUPPORTED

  test.each(variants)(
    "%s: random hands, every seat: the download names only cards of the seat's own view events",
    (variant) => {
      let exported = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 6 }),
          fc.nat(),
          fc.nat(),
          fc.integer(),
          (players, structurePick, button, seed) => {
            const config = configFor(variant, players, structurePick, button);
            const run = playRandomHand(config, seed, {
              maxSteps: 400,
              choose: (state, rng) => {
                const action = randomLegalAction(state, rng)!;
                // A random draw discards a random part of the hand (randomLegalAction stands pat).
                if (action.type === 'draw') {
                  const hand = state.hole[state.toAct];
                  return { ...action, discard: hand.slice(0, rng.nextUint32() % Math.min(hand.length + 1, 4)) };
                }
                return action;
              },
            });
            for (const { seat } of config.seats) {
              let text: string;
              try {
                text = exportPhhFor(config, run.events, seat);
              } catch (err) {
                if (err instanceof PhhError) return; // e.g. an accepted 32-Card Draw split: no PHH at all
                throw err;
              }
              exported++;
              const seen = new Set(viewEvents(run.events, seat).flatMap(cardsOfEvent).map(formatCard));
              for (const token of cardTokens(text)) if (token !== '??') expect(seen.has(token)).toBe(true);
            }
          },
        ),
        { numRuns: 40 },
      );
      expect(exported).toBeGreaterThan(0);
    },
  );

  // Cards: As Kd / 2c 7h / Qs Jc dealt to seats 4, 7, 9; seat 4 shows.
  const ev = (e: object) => e as HandEvent;
  const [As, Kd, c2, h7, Qs, Jc] = parseCards('As Kd 2c 7h Qs Jc');

  test("a shown hand's first deal is visible, an unshown one is ??, own cards stay", () => {
    const events = [
      ev({ type: 'hole-dealt', seat: 4, cards: [As, Kd], up: [false, false] }),
      ev({ type: 'hole-dealt', seat: 7, cards: [c2, h7], up: [false, false] }),
      ev({ type: 'hole-dealt', seat: 9, cards: [Qs, Jc], up: [false, false] }),
      ev({ type: 'hand-shown', seat: 4, cards: [As, Kd] }),
    ];
    expect(eventsSeenBy(events, 9).map((e) => (e as { cards: unknown }).cards)).toEqual([
      [As, Kd],
      [null, null],
      [Qs, Jc],
      [As, Kd],
    ]);
  });

  test("draw: an opponent's discards and replacements are ?? (their number stays), even when he shows down; the first deal of a player who drew stays hidden", () => {
    const events = [
      ev({ type: 'hole-dealt', seat: 1, cards: [As, Kd], up: [false, false] }),
      ev({ type: 'hole-dealt', seat: 2, cards: [c2, h7], up: [false, false] }),
      ev({ type: 'x-draw', seat: 1, count: 1, timeout: false, discarded: [Kd], dealt: [Qs] }),
      ev({ type: 'x-draw', seat: 2, count: 1, timeout: false, discarded: [h7], dealt: [Jc] }),
      ev({ type: 'hand-shown', seat: 1, cards: [As, Qs] }),
    ];
    const seen = eventsSeenBy(events, 2);
    expect(seen[0]).toMatchObject({ cards: [null, null] }); // seat 1 drew: which shown card was dealt first is unknown
    expect(seen[2]).toMatchObject({ discarded: null, dealt: null, count: 1 });
    expect(seen[3]).toMatchObject({ discarded: [h7], dealt: [Jc] });
  });
});
