import type { RakeFunction } from './types';

export const noRake: RakeFunction = (ctx) => ctx.pots.map(() => 0);

export interface HouseRakeSchedule {
  /** `unit` chips of rake per full `per` chips of pot (house rules: 1 per 20). */
  per: number;
  unit: number;
  /** Pots from `smallPot.from` up to `smallPot.to` chips pay `smallPot.rake` (house rules: 20..39 pays 2). */
  smallPot?: { from: number; to: number; rake: number };
  /**
   * Cap on the whole hand's rake by players dealt in: [players, cap] from the fewest up (the last entry covers more
   * players).
   */
  caps: [number, number][];
}

/** The house schedule in cents: 1 per 20, 20..39 pays 2, capped at 75 (2 players), 200 (3), 300 (4-10). */
export const HOUSE_RAKE_SCHEDULE: HouseRakeSchedule = {
  per: 20,
  unit: 1,
  smallPot: { from: 20, to: 39, rake: 2 },
  caps: [
    [2, 75],
    [3, 200],
    [10, 300],
  ],
};

/**
 * The house rake: "no flop, no drop" (nothing before the variant's drop street), a rate per pot
 * size and a cap for the hand that depends on how many players were dealt in. The cap is filled
 * from the main pot outward.
 */
export function houseRake(schedule: HouseRakeSchedule = HOUSE_RAKE_SCHEDULE): RakeFunction {
  return ({ pots, playersDealt, dropEligible }) => {
    if (!dropEligible) return pots.map(() => 0);
    let cap = schedule.caps[schedule.caps.length - 1][1];
    for (const [players, card] of schedule.caps) {
      if (playersDealt <= players) {
        cap = card;
        break;
      }
    }
    const total = pots.reduce((a, b) => a + b, 0);
    const sp = schedule.smallPot;
    let want = sp && total >= sp.from && total <= sp.to ? sp.rake : Math.floor(total / schedule.per) * schedule.unit;
    if (want > cap) want = cap;
    // Spread over the pots from the main pot on, never more than a pot holds.
    return pots.map((pot) => {
      const rake = Math.min(pot, want);
      want -= rake;
      return rake;
    });
  };
}
