// What the server sends of a running hand (issue 24 item 3): the engine's per-seat view (`view`,
// libs/engine/src/hand/view.ts) and its filtered events (`viewEvents`), as zod schemas with the
// TypeScript types inferred from them. Clients read these types instead of keeping copies; the
// contracts test feeds real engine views and events of every game through the schemas, so a change
// on the engine side that the schemas do not follow fails there. Cards are engine card numbers
// (`rank * 4 + suit`, jokers 52 and 53); seats are table seat indices.
import { z } from 'zod';

const card = z.number().int().min(0).max(53);
const seat = z.number().int().min(0).max(9);
const count = z.number().int().min(0);
const chipsAmount = z.number().int().min(0);

export const BettingStructureSchema = z.enum([
  'no-limit',
  'pot-limit',
  'half-pot-limit',
  'fixed-limit',
  'spread-limit',
]);
export const PowerIdSchema = z.enum(['sneak-peek', 'sleeve-swap', 'short-anchor', 'seal-shield']);
export type PowerId = z.infer<typeof PowerIdSchema>;

/** One dealt-in player as the viewer may see him (engine `PlayerView`). */
export const PlayerViewSchema = z.strictObject({
  seat,
  stack: chipsAmount,
  /** Chips in front of the player this round. */
  bet: chipsAmount,
  /** Chips put in during the whole hand. */
  committed: chipsAmount,
  folded: z.boolean(),
  allIn: z.boolean(),
  /** The player's private cards; `null` for each card this viewer may not see. */
  cards: z.array(card.nullable()),
  /** For each private card, whether it was dealt face up (stud). */
  up: z.array(z.boolean()),
  shown: z.boolean(),
});
export type PlayerView = z.infer<typeof PlayerViewSchema>;

/** What `legal.extensions` says of a Naiko power the player may use now (engine `PowerLegal`). */
export const PowerLegalSchema = z.strictObject({
  cost: count,
  /** Sleeve Swap: the hole cards he may discard. */
  cards: z.array(card).optional(),
  /** Short Anchor: the table seats he may target. */
  targets: z.array(seat).optional(),
});
export type PowerLegal = z.infer<typeof PowerLegalSchema>;

/**
 * Rule modules' details of a decision (engine `legalActions(...).extensions`): the powers usable now,
 * the draw and home-game turns, and the Seal Shield window's turn (at the top level).
 */
export const LegalExtensionsSchema = z.strictObject({
  'sneak-peek': PowerLegalSchema.optional(),
  'sleeve-swap': PowerLegalSchema.optional(),
  'short-anchor': PowerLegalSchema.optional(),
  draw: z
    .strictObject({
      max: count.optional(),
      timeoutAction: z.string().optional(),
      splitOffer: z.literal(true).optional(),
    })
    .optional(),
  home: z.strictObject({ phase: z.string(), timeoutAction: z.string() }).optional(),
  /** The Seal Shield window: the table's answer when its clock runs out, its length and the attacker. */
  timeoutAction: z.string().optional(),
  shieldWindowMs: count.optional(),
  attacker: seat.optional(),
});
export type LegalExtensions = z.infer<typeof LegalExtensionsSchema>;

/** The viewer's own options when it is his turn (engine `LegalActions`). */
export const LegalActionsSchema = z.strictObject({
  seat,
  version: count,
  actions: z.array(z.string()),
  /** Chips a call adds (may be less than the bet when the caller is all-in). */
  callAmount: chipsAmount,
  /** bet or raise: the smallest and largest legal "to" amounts. */
  minTo: chipsAmount,
  maxTo: chipsAmount,
  /** The player's total for the round if he puts everything in. */
  allInTo: chipsAmount,
  /** Stud: the forced bring-in amount when he must open. */
  bringIn: chipsAmount.optional(),
  /** The table may make him all-in instead of folding him on a timeout (never a player's button). */
  artificialAllIn: z.literal(true).optional(),
  /** Only these bet/raise totals are legal (stud's open pair in Fixed Limit). */
  choices: z.array(chipsAmount).optional(),
  extensions: LegalExtensionsSchema.optional(),
});
export type LegalActions = z.infer<typeof LegalActionsSchema>;

/** Naiko powers (engine `PowersView`), filtered for the viewer: a peek and a swap stay private. */
export const PowersViewSchema = z.strictObject({
  carousel: z.array(PowerIdSchema),
  /** Sparks per table seat (public, like stacks). */
  sparks: z.array(z.strictObject({ seat, sparks: count })),
  used: z.array(z.strictObject({ seat, powers: z.array(PowerIdSchema) })),
  /** Normal activations left at the table in this betting round. */
  activationsLeft: count,
  /** Seats whose raises are capped by an anchor this round. */
  anchored: z.array(seat),
  window: z.strictObject({ attacker: seat, target: seat, ms: count }).nullable(),
  /** The viewer's own Sneak Peek (never anyone else's). */
  peek: z.strictObject({ street: count, card }).nullable(),
  /** The viewer's own Sleeve Swap discard. */
  discarded: card.nullable(),
});
export type PowersView = z.infer<typeof PowersViewSchema>;

/** Home-game options of the hand (engine `HomeView`): public to every viewer. */
export const HomeViewSchema = z.strictObject({
  straddler: seat.nullable(),
  bombPot: z.boolean(),
  /** The second board (double-board bomb pot, or the second run of a board run twice). */
  board2: z.array(card).nullable(),
  /** The run-it-twice offer while it goes round: who is asked and who accepted. */
  runTwiceOffer: z.strictObject({ order: z.array(seat), accepted: z.array(seat) }).nullable(),
  runTwice: z.boolean(),
  /** The rabbit hunt's cards, once the hand ended before the river. */
  rabbit: z.array(card).nullable(),
});
export type HomeView = z.infer<typeof HomeViewSchema>;

/** Draw games (engine `DrawView`). */
export const DrawViewSchema = z.strictObject({
  max: count,
  /** Cards each player drew in the current (or last) draw, null = not yet. */
  drawn: z.array(z.strictObject({ seat, count: count.nullable() })),
  /** Seats that stood pat by timeout and may only check, call or fold. */
  restricted: z.array(seat),
  /** 32-Card Draw: seats that accepted the running split offer. */
  splitAccepted: z.array(seat).nullable(),
});
export type DrawView = z.infer<typeof DrawViewSchema>;

/** What the rule modules of the hand's game show this viewer (null/absent: not in this hand). */
export const ViewExtSchema = z.strictObject({
  powers: PowersViewSchema.nullish(),
  home: HomeViewSchema.nullish(),
  draw: DrawViewSchema.nullish(),
});
export type ViewExt = z.infer<typeof ViewExtSchema>;

/** A pot as the table shows it (engine `sidePotsOf`): the main pot first, then one per all-in level. */
export const PotViewSchema = z.strictObject({ amount: chipsAmount, eligible: z.array(seat) });
export type PotView = z.infer<typeof PotViewSchema>;

/** What one seat (or a spectator) may know of the running hand (engine `HandView`). */
export const HandViewSchema = z.strictObject({
  viewer: z.union([seat, z.literal('spectator')]),
  /** The hand's version: a decision names the one it was made on (`table:act`). */
  version: count,
  /** 'betting', 'complete', 'cancelled', or a rule module's phase ('draw', 'split', 'shield-window', ...). */
  phase: z.string(),
  variant: z.string(),
  structure: BettingStructureSchema,
  button: seat,
  street: count,
  streetName: z.string(),
  board: z.array(card),
  /** Everything in the pot, this round's bets included. */
  pot: chipsAmount,
  /** The main pot and the side pots, adding up to `pot`: computed by the engine, never by a client. */
  pots: z.array(PotViewSchema),
  currentBet: chipsAmount,
  /** The seat to act, or null. */
  toAct: seat.nullable(),
  players: z.array(PlayerViewSchema),
  /** The viewer's own options when it is his turn. */
  legal: LegalActionsSchema.nullable(),
  ext: ViewExtSchema.optional(),
});
export type HandViewWire = z.infer<typeof HandViewSchema>;

// ---------- events ----------

const seatStack = z.strictObject({ seat, stack: chipsAmount });
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

/** The engine's hand events as the receiving seat may see them (after `viewEvents`). */
const ENGINE_EVENTS = [
  ev('hand-started', {
    variant: z.string(),
    structure: BettingStructureSchema,
    button: seat,
    seats: z.array(seatStack),
    smallBlindSeat: seat.nullable(),
    bigBlindSeat: seat.nullable(),
  }),
  ev('forced-bet', {
    seat,
    kind: z.enum([
      'ante',
      'small-blind',
      'big-blind',
      'big-blind-ante',
      'live-post',
      'dead-post',
      'bring-in',
      'straddle',
      'bomb-pot-ante',
    ]),
    amount: chipsAmount,
    allIn: z.boolean(),
  }),
  /** `cards[i]` is null when this viewer may not see it. */
  ev('hole-dealt', { seat, cards: z.array(card.nullable()), up: z.array(z.boolean()) }),
  ev('board-dealt', { street: count, cards: z.array(card) }),
  ev('street-started', { street: count, name: z.string() }),
  ev('action', {
    seat,
    action: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'bring-in']),
    amount: chipsAmount,
    to: chipsAmount,
    allIn: z.boolean(),
  }),
  ev('artificial-all-in', { seat, committed: chipsAmount }),
  ev('uncalled-bet-returned', { seat, amount: chipsAmount }),
  ev('bets-collected', { pot: chipsAmount }),
  ev('runout', { fromStreet: count }),
  ev('hand-shown', { seat, cards: z.array(card) }),
  ev('hand-mucked', { seat, cards: z.array(card.nullable()) }),
  ev('pot-awarded', {
    pot: count,
    amount: chipsAmount,
    rake: chipsAmount,
    eligible: z.array(seat),
    shares: z.array(
      z.strictObject({
        seat,
        amount: chipsAmount,
        half: z.enum(['whole', 'high', 'low']),
        board: count.optional(),
      }),
    ),
  }),
  ev('hand-ended', { stacks: z.array(seatStack), carryOver: chipsAmount.optional() }),
  ev('hand-cancelled', { refunds: z.array(z.strictObject({ seat, amount: chipsAmount })), stacks: z.array(seatStack) }),
  // Draw games.
  ev('x-draw-started', { street: count, max: count, order: z.array(seat) }),
  /** `discarded` and `dealt` are null for everyone but the drawing player. */
  ev('x-draw', {
    seat,
    count,
    timeout: z.boolean(),
    discarded: z.array(card).nullable(),
    dealt: z.array(card).nullable(),
  }),
  ev('x-reshuffle', { street: count, cards: count, dealtBefore: count }),
  ev('x-split', { seat, accept: z.boolean() }),
  ev('x-split-settled', { pots: count, allPots: z.boolean() }),
  // Naiko mode.
  ev('x-powers-dealt', {
    carousel: z.array(PowerIdSchema),
    sparks: z.array(z.strictObject({ seat, before: count, sparks: count })),
  }),
  /** A power used: the peeked or swapped cards only in the user's own feed. */
  ev('x-power', {
    seat,
    power: PowerIdSchema,
    cost: count,
    sparks: count,
    street: count,
    card: card.optional(),
    peekStreet: count.optional(),
    discarded: card.optional(),
    target: seat.optional(),
    against: seat.optional(),
  }),
  ev('x-shield-window', { seat, attacker: seat, ms: count }),
  ev('x-anchor-applied', { seat, by: seat, via: z.enum(['no-window', 'decline', 'timeout']) }),
  // Home games (issue 23).
  ev('x-board-dealt', { board: z.literal(2), street: count, cards: z.array(card) }),
  ev('x-run-twice-offered', { street: count, order: z.array(seat) }),
  ev('x-run-twice-answer', { seat, accept: z.boolean() }),
  ev('x-run-twice', { twice: z.boolean() }),
  /** The cards that would have come, per street and board (`board` 2: the second board's). */
  ev('x-rabbit-hunt', {
    cards: z.array(card),
    streets: z.array(z.strictObject({ street: count, board: z.number().int().min(1).max(2), cards: z.array(card) })),
  }),
  ev('x-seven-deuce-bounty', {
    seat,
    amount: chipsAmount,
    paid: z.array(z.strictObject({ seat, amount: chipsAmount })),
  }),
  ev('x-winner-shows', { seat, show: z.boolean() }),
] as const;

const DEAL_SCHEME = z.literal('naiko-merkle-v2');

/**
 * Provably-fair dealing (engine `rng/deal-commitment.ts`). In each audience's first events of a hand,
 * before any card: the Merkle root over the salted deck positions (`positions` of them, spare decks included).
 */
export const DealCommittedEventSchema = ev('dealCommitted', {
  handId: z.string(),
  handNumber: count,
  scheme: DEAL_SCHEME,
  commitment: z.string(),
  positions: count,
});
export type DealCommittedEvent = z.infer<typeof DealCommittedEventSchema>;

/** One opened deck position: the card, its salt and the sibling hashes up to the root (`left`: sibling on the left). */
export const DealOpeningSchema = z.strictObject({
  position: count,
  card: z.string(),
  salt: z.string(),
  path: z.array(z.strictObject({ hash: z.string(), left: z.boolean() })),
});
export type DealOpening = z.infer<typeof DealOpeningSchema>;

/**
 * In each audience's last events of a hand: the openings of exactly the positions it saw — a player his
 * own cards and every shown card, spectators the shown cards. No seed is ever sent on the socket; it is
 * disclosed per hand over HTTP (`GET /me/hands/:id/proof`) to the players dealt in once the table closed
 * or 24 h after the hand. Check with the engine's `verifyOpening` / `verifyDealProof`.
 */
export const DealOpeningsEventSchema = ev('dealOpenings', {
  handId: z.string(),
  handNumber: count,
  scheme: DEAL_SCHEME,
  commitment: z.string(),
  openings: z.array(DealOpeningSchema),
});
export type DealOpeningsEvent = z.infer<typeof DealOpeningsEventSchema>;

/** A hand event as the receiving seat may see it: the engine's (filtered) and the deal's proof. */
export const HandEventSchema = z.discriminatedUnion('type', [
  ...ENGINE_EVENTS,
  DealCommittedEventSchema,
  DealOpeningsEventSchema,
]);
export type HandEventWire = z.infer<typeof HandEventSchema>;
/** One event type's shape, e.g. `HandEventOf<'pot-awarded'>`. */
export type HandEventOf<T extends HandEventWire['type']> = Extract<HandEventWire, { type: T }>;
