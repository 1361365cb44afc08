// Admin HTTP contract of scheduled tournaments: the settings an admin creates and edits (before the
// start). Times are ISO strings; chips and durations are integers. The pure rules (blind structure,
// prize tables, registration limits) are checked again by libs/tournament on the server.
import { z } from 'zod';
import { FLOP_GAME_IDS } from '../lobby/tables-http';
import { safeText } from '../text';

const int = (min: number) => z.number().int().min(min);

export const BlindStepDto = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('level'),
    smallBlind: int(1),
    bigBlind: int(1),
    ante: int(0),
    anteKind: z.enum(['none', 'ante', 'big-blind-ante']),
    durationMs: int(1),
  }),
  z.strictObject({ kind: z.literal('break'), durationMs: int(1) }),
]);

export const PrizeTableDto = z.strictObject({
  minEntrants: int(1),
  maxEntrants: int(1),
  paidPlaces: int(1),
  bands: z.array(z.strictObject({ fromPlace: int(1), toPlace: int(1), sharePpm: int(0) })).min(1),
});

export const TournamentSettingsDto = z.strictObject({
  name: safeText(1, 100),
  /** A game of the engine's list; the tournament table runner deals flop games with blinds. */
  game: z.enum(FLOP_GAME_IDS),
  bettingStructure: z.enum(['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit']),
  /**
   * The start time. Omitted: no start time, the Sit & Go's way (issue 21 item 2): it starts when its
   * last entry is taken and only then (`startWhenFull` required), and cannot be cancelled after.
   */
  startsAt: z.iso.datetime().optional(),
  registrationOpensAt: z.iso.datetime(),
  /**
   * Starts the moment its last entry (`maxEntrants`) is taken, like a Sit & Go, or at `startsAt` if
   * it has not filled by then (with `minEntrants` or more; else cancelled and refunded). No late
   * registration then.
   */
  startWhenFull: z.boolean().optional(),
  /** Last level at which late entries (and re-entries) are taken; 0 = none. */
  lateRegistrationUntilLevel: int(0),
  minEntrants: int(2),
  maxEntrants: int(2).max(10_000),
  /** Account chips: an "absurd" buy-in (above 10,000,000) is refused. */
  buyIn: int(0).max(10_000_000),
  fee: int(0).max(10_000_000),
  startingStack: int(1).max(100_000_000),
  blindStructure: z.strictObject({
    name: z.string().min(1).max(60),
    steps: z.array(BlindStepDto).min(1).max(500).readonly(),
  }),
  /** Prize tables by number of entrants; omitted = the published tables (libs/tournament PRIZE_TABLES). */
  prizeTables: z.array(PrizeTableDto).min(1).max(200).optional(),
  tableSize: int(2).max(10),
  reEntry: z.boolean(),
  /** Entries one player may buy in total (first included); omitted = unlimited while late registration is open. */
  maxEntriesPerPlayer: int(1).optional(),
  /**
   * Table clock: time per decision (0 = the tables' default), reconnection window, optional time bank (default the
   * tables').
   */
  clock: z.strictObject({ decisionMs: int(0), reconnectMs: int(0), timeBankMs: int(0).optional() }),
  /** Issue 25: rebuys until level N (stack at or below the starting stack, at most K) and one add-on. */
  rebuys: z
    .strictObject({
      untilLevel: int(1),
      maxRebuys: int(0).max(100),
      rebuy: z.strictObject({
        chips: int(1).max(100_000_000),
        price: int(0).max(10_000_000),
        fee: int(0).max(10_000_000),
      }),
      addOn: z
        .strictObject({
          chips: int(1).max(100_000_000),
          price: int(0).max(10_000_000),
          fee: int(0).max(10_000_000),
          /** 'break': only in the break after level N; 'last-level': level N and that break. */
          window: z.enum(['break', 'last-level']),
        })
        .nullable(),
    })
    .optional(),
  /** Issue 25: a bounty on every entry, paid on top of the buy-in; fixed, or progressive knockout (PKO). */
  bounty: z.strictObject({ kind: z.enum(['fixed', 'progressive']), amount: int(1).max(10_000_000) }).optional(),
  /** Issue 25: a satellite: the prizes are seats (entries) in the target tournament, worth `seatValue` each. */
  satellite: z.strictObject({ targetTournamentId: int(1), seatValue: int(1).max(20_000_000) }).optional(),
  /**
   * Issue 25: time bank refills. `perLevelMs` is added to every player's bank at his table's first hand
   * of each new level; `finalTable` fills every bank at the final table's first hand. Capped at the
   * clock's time bank.
   */
  timeBank: z.strictObject({ perLevelMs: int(0).max(600_000), finalTable: z.boolean() }).optional(),
  /**
   * A Spin (issue 21 item 2): the prize is multiplier × buy-in, the multiplier drawn at the start
   * from this published table with a seed committed at creation; each multiplier splits its prize
   * by place. Three entrants exactly, starting when full; no prize tables, rebuys, bounty or satellite.
   */
  spin: z
    .strictObject({
      name: z.string().min(1).max(60),
      entries: z
        .array(
          z.strictObject({
            multiplier: int(1).max(100_000),
            weight: int(1).max(0x1_0000_0000),
            splitPpm: z.array(int(1)).min(1).max(3),
          }),
        )
        .min(1)
        .max(50),
    })
    .optional(),
});
export type TournamentSettingsDto = z.infer<typeof TournamentSettingsDto>;

/** Edit before the start: any subset of the settings. */
export const TournamentEditDto = TournamentSettingsDto.partial();
export type TournamentEditDto = z.infer<typeof TournamentEditDto>;
