import type { RankingId } from '../eval/registry';

/**
 * A variant is data: the hand machine reads this spec and never branches on a variant's name. Stud and
 * draw games add specs (and, where needed, new step kinds or opener rules, through the rule modules the
 * spec lists) without touching the machine's core.
 */

export type BettingStructure = 'no-limit' | 'pot-limit' | 'half-pot-limit' | 'fixed-limit' | 'spread-limit';
/** Every betting structure, in the order forms list them. */
export const BETTING_STRUCTURES: readonly BettingStructure[] = [
  'no-limit',
  'pot-limit',
  'half-pot-limit',
  'fixed-limit',
  'spread-limit',
];

/** Named deck makers, resolved by `deckFor` (so a spec stays serialisable). */
export type DeckId = 'standard52' | 'short32' | 'short36' | 'jokers1' | 'jokers2';

/** The rule modules a spec may list (`hand/rule-modules.ts`). */
export type RuleModuleId = 'home' | 'stud' | 'draw' | 'powers';

/** One dealing step of a street. */
export type DealStep =
  /**
   * Private cards to every player still in, one card per pass round the table: `down` passes face down, then `up`
   * passes face up. `sharedWhenShort`: when the deck cannot give every player still in his cards, one face-up community
   * card is dealt instead for everyone and the street has no betting round (7-Card Stud's 7th card with eight players).
   */
  | { kind: 'hole'; down: number; up: number; sharedWhenShort?: boolean }
  /** Community cards (the flop, turn, river; Telesina's vela; stud's shared 7th card). */
  | { kind: 'board'; count: number }
  /** A draw phase: each player still in discards 0..max cards and is dealt replacements (draw games' module). */
  | { kind: 'draw'; max: number };

/**
 * Who acts first in a betting round (and who shows first at showdown when nobody bet the last round).
 * Each name is a rule implemented once: the machine's in `hand/order.ts`, the others by a rule module of the spec.
 *  - after-big-blind: the first player who can act after the big blind (preflop in blind games).
 *  - left-of-button: the first player who can act left of the button.
 *  - bring-in: the stud bring-in rule (stud module).
 *  - best-visible: the best visible (face-up) hand (stud module).
 */
export type OpenerRule = 'after-big-blind' | 'left-of-button' | 'bring-in' | 'best-visible' | (string & {});

export interface StreetSpec {
  /** Street name used in events ("preflop", "flop", "third-street", "first-draw" ...). */
  name: string;
  /** Cards dealt when the street begins, in order. */
  deal: DealStep[];
  /** Whether a betting round follows the deal (stud's shared 7th card after deck exhaustion has none). */
  betting: boolean;
  /** Fixed Limit bet size on this street. */
  limitBet: 'small' | 'big';
  /** Spread Limit level index into `stakes.spreadLimits` (1-2-3 on Hold'em: 0,0,1,2). */
  spreadLevel: number;
  /** Who acts first on this street. */
  opener: OpenerRule;
}

/** Ranking ids are the evaluator registry's (`eval/registry.ts`: 'high', 'omaha-high', 'low8', 'omaha-low8', ...). */
export type { RankingId };

export interface VariantSpec {
  id: string;
  name: string;
  /** The shorter name the lobby and the table show, when it differs from `name` ('Omaha Hi/Lo'). */
  shortName?: string;
  deck: DeckId;
  minSeats: number;
  maxSeats: number;
  streets: StreetSpec[];
  /** Forced bets the variant uses; amounts come from the hand's stakes. */
  forcedBets: { blinds: boolean; antes: boolean; bringIn: boolean };
  structures: BettingStructure[];
  /** The high (or only) ranking, and the low ranking of a Hi/Lo split game. */
  ranking: { high: RankingId; low?: RankingId };
  /**
   * Who receives odd chips of a split: the winner nearest the button on the left, the player dealt first
   * (Soko), or nobody: 'carry-over' leaves an undivisible remainder for the next deal (classic draw).
   */
  oddChip: 'left-of-button' | 'first-dealt' | 'carry-over';
  /** Who shows first at showdown when the last betting round had no bet. */
  showdownOpener: OpenerRule;
  /** Rake is only taken once this street index was reached ("no flop, no drop": 1 in flop games). */
  rakeFromStreet: number;
  /**
   * Overrides by the number of players dealt in (Five Card Draw 7-A adds the sixes at five players):
   * the hand plays the spec with these fields replaced.
   */
  bySeats?: Record<number, Partial<Pick<VariantSpec, 'deck' | 'ranking'>>>;
  /**
   * Hands dealt from a random source get this many further independent shuffles of the deck after the
   * dealt one in `state.deck` (the draw module orders reshuffled discards by them), so a reshuffle
   * needs no randomness after the start and the hand stays a replayable value.
   */
  spareDecks?: number;
  /** Naiko mode: the hand may be played with powers and sparks (`HandConfig.powers`); no other variant offers them. */
  powers?: boolean;
  /**
   * The rule modules the game is played with, by name, in the order their hooks run (as boardgame.io
   * lists a game's plugins): 'home' (the home-game offers), 'stud', 'draw', 'powers'. The machine reads
   * a hand's extra openers, deal steps, actions, bounds hooks, start hook, view parts and event replays
   * from them (`hand/rule-module.ts`; `hand/rule-modules.ts` names them). Named, like the deck, so a
   * spec stays plain data that clients can import.
   */
  modules?: readonly RuleModuleId[];
  /**
   * Missed blinds (tables): a player the big blind passed must "post all" (big live + small dead), the
   * procedure of Five Card Draw 7-A's rule text; elsewhere (house rules) a missed big alone costs the big blind.
   */
  postAllOnMissedBig?: boolean;
  /** Whether tables offer the game (false: Naiko mode is Hold'em with powers, PHH-only and home variants). */
  atTables?: boolean;
  /**
   * PHH variant codes: `standard` = the codes phh-std defines, by structure (`NT`, `FO/8`, `F7S`);
   * `game` = the game's part of our custom `_<S><GAME>` codes (S = F, P, H, N) for its other structures
   * (stud and draw games). A game without either is exported as `_NAIKO` with `_naiko_variant`.
   */
  phh?: { standard?: Partial<Record<BettingStructure, string>>; game?: string };
}
