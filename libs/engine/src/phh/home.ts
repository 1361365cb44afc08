import { formatCards, parseCards, type Card } from '../cards';
import type { HandConfig, HandEvent, HandState } from '../hand/types';
import type { HomeGameConfig } from '../hand/home/rules';
import { completeDeck } from './variants';
import { PhhError, type PhhCard, type PhhHand } from './types';

/**
 * Home-game options in PHH. The straddle is native (`blinds_or_straddles`: p3 posts 2 × the big
 * blind), so are the bomb pot's antes (`antes`, with every blind 0). Everything else is a `_`-prefixed
 * field that `importPhh` reads back, so import → replay gives the same hand:
 *  - `_straddle = true` (the table option; the native third blind says it was posted);
 *  - `_bomb_pot_ante = X`, `_bomb_pot_double_board = true`;
 *  - `_board2 = ["Kd3c4s", "5d", "6c"]`: the second board's deals in order (a double board's flop, turn,
 *    river; a board run twice: the second run's cards) — PHH has a single board;
 *  - `_run_it_twice = true` (option), `_run_twice_answers = [true, false]` (the offer's answers in order);
 *  - `_seven_deuce_bounty = X`, `_winner_shows = true|false` (an uncontested winner's answer);
 *  - `_rabbit_hunt = true`, `_rabbit_cards = "7h7sKd"` (shown to everyone, after the hand).
 */

type Ev = { type: string; [k: string]: unknown };

const cardsText = (cards: readonly (number | null)[]): string =>
  cards.map((c) => (c === null ? '??' : formatCards([c]))).join('');

/** The `_` fields for a hand's home-game options and events. */
export function homeExportFields(config: HandConfig, events: readonly HandEvent[]): Record<string, unknown> {
  const hg = config.homeGame;
  if (!hg) return {};
  const out: Record<string, unknown> = {};
  if (hg.straddle) out._straddle = true;
  if (hg.bombPot) {
    out._bomb_pot_ante = hg.bombPot.ante;
    if (hg.bombPot.doubleBoard) out._bomb_pot_double_board = true;
  }
  if (hg.runItTwice) out._run_it_twice = true;
  if (hg.sevenDeuceBounty) out._seven_deuce_bounty = hg.sevenDeuceBounty;
  if (hg.rabbitHunt) out._rabbit_hunt = true;
  const board2: string[] = [];
  const answers: boolean[] = [];
  for (const ev of events as readonly Ev[]) {
    if (ev.type === 'x-board-dealt') board2.push(cardsText(ev.cards as number[]));
    if (ev.type === 'x-run-twice-answer') answers.push(ev.accept === true);
    if (ev.type === 'x-winner-shows') out._winner_shows = ev.show === true;
    if (ev.type === 'x-rabbit-hunt') out._rabbit_cards = cardsText(ev.cards as number[]);
  }
  if (board2.length) out._board2 = board2;
  if (answers.length) out._run_twice_answers = answers;
  return out;
}

/** The event types this module writes as fields (export skips them as actions). */
export const HOME_EVENTS = new Set([
  'x-board-dealt',
  'x-run-twice-offered',
  'x-run-twice-answer',
  'x-run-twice',
  'x-winner-shows',
  'x-seven-deuce-bounty',
  'x-rabbit-hunt',
]);

const bool = (v: unknown): boolean => v === true;
const int = (raw: unknown, field: string): number => {
  const parsed = typeof raw === 'bigint' ? Number(raw) : raw;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < 0)
    throw new PhhError('unsupported', `${field} must be a non-negative integer`);
  return parsed;
};

/** The home-game options a PHH hand records (straddle from the third blind), or undefined. */
export function homeImportConfig(hand: PhhHand): HomeGameConfig | undefined {
  const extra = hand.extra;
  const hg: HomeGameConfig = {};
  const blinds = hand.blindsOrStraddles;
  if (blinds.slice(2).some((v) => v > 0) || extra._straddle === true) {
    if (blinds.slice(3).some((v) => v > 0))
      throw new PhhError('unsupported', 'only one straddle (p3, 2 × the big blind) is supported');
    if (blinds[2] > 0 && blinds[2] !== 2 * blinds[1])
      throw new PhhError('unsupported', `a straddle of ${blinds[2]} is not 2 × the big blind ${blinds[1]}`);
    if (blinds[2] > 0 && hand.startingStacks.length < 4)
      throw new PhhError('unsupported', 'a straddle needs at least 4 players');
    hg.straddle = true;
  }
  if (extra._bomb_pot_ante !== undefined)
    hg.bombPot = {
      ante: int(extra._bomb_pot_ante, '_bomb_pot_ante'),
      ...(bool(extra._bomb_pot_double_board) ? { doubleBoard: true } : {}),
    };
  if (bool(extra._run_it_twice)) hg.runItTwice = true;
  if (extra._seven_deuce_bounty !== undefined)
    hg.sevenDeuceBounty = int(extra._seven_deuce_bounty, '_seven_deuce_bounty');
  if (bool(extra._rabbit_hunt)) hg.rabbitHunt = true;
  return Object.keys(hg).length ? hg : undefined;
}

const parsed = (text: unknown): PhhCard[] => {
  if (typeof text !== 'string') throw new PhhError('unsupported', 'recorded home-game cards must be card text');
  return parseCards(text).map((c) => formatCards([c]));
};

/**
 * The stacked deck of a home-game hand: private cards in passes, then the boards in dealing order —
 * a double board alternates board 1 and board 2 street by street, a second run follows the whole first
 * run — then the rabbit's cards, then the unused rest.
 */
export function homeDeck(hand: PhhHand, holes: PhhCard[][], hg: HomeGameConfig): Card[] {
  const recorded: PhhCard[] = [];
  const passes = Math.max(0, ...holes.map((h) => h.length));
  for (let p = 0; p < passes; p++) for (const holeCards of holes) recorded.push(holeCards[p] ?? null);
  const second = Array.isArray(hand.extra._board2) ? (hand.extra._board2 as unknown[]).map(parsed) : [];
  let next = 0;
  for (const action of hand.actions) {
    if (action.kind !== 'deal-board') continue;
    recorded.push(...action.cards);
    if (hg.bombPot?.doubleBoard && next < second.length) recorded.push(...second[next++]);
  }
  for (; next < second.length; next++) recorded.push(...second[next]);
  if (hand.extra._rabbit_cards !== undefined) recorded.push(...parsed(hand.extra._rabbit_cards));
  return completeDeck(recorded);
}

/** The recorded answer to a home-game offer the engine asks for (PHH has no action for it), or null. */
export function homeAnswer(
  hand: PhhHand,
  state: HandState,
  answered: { runTwice: number },
): { type: string; seat: number } | null {
  if (state.toAct < 0) return null;
  const seat = state.seats[state.toAct];
  if (state.phase === 'run-twice') {
    const answers = Array.isArray(hand.extra._run_twice_answers) ? (hand.extra._run_twice_answers as unknown[]) : [];
    const accept = answers[answered.runTwice++] === true;
    return { type: accept ? 'run-twice' : 'run-once', seat };
  }
  if (state.phase === 'show-or-muck') return { type: hand.extra._winner_shows === true ? 'show' : 'muck', seat };
  return null;
}
