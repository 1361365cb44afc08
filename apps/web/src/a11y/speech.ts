// What the table says to a screen reader (issue 27), as pure functions: cards in words, one plain
// sentence per hand event, "your turn" with the choices and the time, clock warnings, a seat's
// summary, the keys of the help overlay, and the coalescing that keeps quick bots from flooding.
// No DOM here: apps/web/src/a11y/live-region.ts speaks what these functions return.

const RANK_NAMES = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const STREET_NAMES: Record<string, string> = {
  preflop: 'Preflop',
  flop: 'Flop',
  turn: 'Turn',
  river: 'River',
  third: 'Third street',
  fourth: 'Fourth street',
  fifth: 'Fifth street',
  sixth: 'Sixth street',
  seventh: 'Seventh street',
};

/** Chips as players read them: 1,960. */
export const amount = (n: number): string => n.toLocaleString('en-US');

/** A card in words, as the engine encodes it (rank * 4 + suit; 52/53 jokers; null = face down). */
export function cardName(card: number | null): string {
  if (card === null) return 'a face-down card';
  if (card >= 52) return 'joker';
  return `${RANK_NAMES[card >> 2]} of ${SUIT_NAMES[card & 3]}`;
}

/** "ace of spades, ten of diamonds, four of clubs" (the issue's wording); face-down cards counted at the end. */
export function cardsText(cards: readonly (number | null)[]): string {
  const known = cards.filter((c): c is number => c !== null).map(cardName);
  const hidden = cards.length - known.length;
  if (hidden > 0) known.push(hidden === 1 ? 'one face-down card' : `${hidden} face-down cards`);
  return known.join(', ');
}

/** "a", "a and b", "a, b and c". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function streetTitle(name: string): string {
  return STREET_NAMES[name] ?? (name ? name[0].toUpperCase() + name.slice(1) : 'Next street');
}

/** What the sentences need to know of the table: names by seat and which seat is "you". */
export interface SpeechContext {
  nameOf(seat: number): string;
  you: number | null;
  handNumber?: number;
}

type Ev = { type: string; [key: string]: unknown };

const FORCED: Record<string, string> = {
  ante: 'an ante of',
  'small-blind': 'the small blind',
  'big-blind': 'the big blind',
  'big-blind-ante': 'the big blind ante',
  'live-post': 'a live blind of',
  'dead-post': 'a dead blind of',
  'bring-in': 'the bring-in',
  straddle: 'a straddle of',
  'bomb-pot-ante': 'a bomb-pot ante of',
};

/** Streets of the flop games, by index (home-game events carry the index only). */
const FLOP_STREETS = ['preflop', 'flop', 'turn', 'river'];

/**
 * One sentence per event that matters to a listener (null for bookkeeping events). A street's
 * start and its board cards make one sentence: "Flop: ace of spades, ten of diamonds, four of clubs".
 */
export function describeEvents(events: readonly Ev[], ctx: SpeechContext): string[] {
  const out: string[] = [];
  const who = (seat: number) => (seat === ctx.you ? 'You' : ctx.nameOf(seat));
  // The verb agrees with "You" ("You call 40", "Bob calls 40").
  const verb = (seat: number, third: string, base: string) => `${who(seat)} ${seat === ctx.you ? base : third}`;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const seat = event.seat as number;
    switch (event.type) {
      case 'hand-started':
        out.push(
          `${ctx.handNumber !== undefined ? `Hand ${ctx.handNumber} starts` : 'A new hand starts'}; ${(event.button as number) === ctx.you ? 'you have' : `${ctx.nameOf(event.button as number)} has`} the button`,
        );
        break;
      case 'forced-bet': {
        // A table of antes is one sentence ("9 players ante 10"), not one per player; a bomb pot's
        // antes say so ("Bomb pot: 4 players ante 50").
        if (event.kind === 'ante' || event.kind === 'bomb-pot-ante') {
          let next = i;
          while (
            events[next + 1]?.type === 'forced-bet' &&
            events[next + 1]!.kind === event.kind &&
            events[next + 1]!.amount === event.amount
          )
            next++;
          if (next > i) {
            out.push(
              `${event.kind === 'bomb-pot-ante' ? 'Bomb pot: ' : ''}${next - i + 1} players ante ${amount(event.amount as number)}`,
            );
            i = next;
            break;
          }
        }
        out.push(
          `${verb(seat, 'posts', 'post')} ${FORCED[event.kind as string] ?? 'a forced bet of'} ${amount(event.amount as number)}${event.allIn ? ', all-in' : ''}`,
        );
        break;
      }
      case 'hole-dealt': {
        const cards = event.cards as (number | null)[];
        const up = (event.up as boolean[] | undefined) ?? [];
        if (seat === ctx.you) out.push(`Your cards: ${cardsText(cards)}`);
        else {
          const shown = cards.filter((c, k) => up[k] && c !== null) as number[];
          if (shown.length) out.push(`${ctx.nameOf(seat)} gets ${cardsText(shown)} face up`);
        }
        break;
      }
      case 'street-started': {
        // The first street starts with the deal itself: nothing to say.
        if ((event.street as number) === 0) break;
        const next = events[i + 1];
        if (next?.type === 'board-dealt') {
          out.push(`${streetTitle(event.name as string)}: ${cardsText(next.cards as number[])}`);
          i++;
        } else out.push(streetTitle(event.name as string));
        break;
      }
      case 'board-dealt':
        out.push(`Board: ${cardsText(event.cards as number[])}`);
        break;
      case 'action': {
        const allIn = event.allIn ? ', all-in' : '';
        const to = amount(event.to as number);
        switch (event.action) {
          case 'fold':
            out.push(verb(seat, 'folds', 'fold'));
            break;
          case 'check':
            out.push(verb(seat, 'checks', 'check'));
            break;
          case 'call':
            out.push(`${verb(seat, 'calls', 'call')} ${amount(event.amount as number)}${allIn}`);
            break;
          case 'bet':
            out.push(`${verb(seat, 'bets', 'bet')} ${to}${allIn}`);
            break;
          case 'raise':
            out.push(`${verb(seat, 'raises', 'raise')} to ${to}${allIn}`);
            break;
          case 'bring-in':
            out.push(`${verb(seat, 'brings', 'bring')} it in for ${amount(event.amount as number)}${allIn}`);
            break;
        }
        break;
      }
      case 'artificial-all-in':
        out.push(`${who(seat)} ${seat === ctx.you ? 'are' : 'is'} disconnected and stays in as if all-in`);
        break;
      case 'uncalled-bet-returned':
        out.push(`${amount(event.amount as number)} returned to ${seat === ctx.you ? 'you' : ctx.nameOf(seat)}`);
        break;
      case 'runout':
        out.push('All-in: the remaining cards are dealt');
        break;
      case 'hand-shown':
        out.push(`${verb(seat, 'shows', 'show')} ${cardsText(event.cards as number[])}`);
        break;
      case 'hand-mucked':
        out.push(verb(seat, 'mucks', 'muck'));
        break;
      case 'pot-awarded':
        // Two boards (run it twice, a double-board bomb pot): each share names its board.
        for (const share of event.shares as { seat: number; amount: number; half: string; board?: number }[]) {
          const parts = [
            share.half !== 'whole' ? `${share.half} half` : '',
            share.board ? `board ${share.board}` : '',
          ].filter(Boolean);
          out.push(
            `${verb(share.seat, 'wins', 'win')} ${amount(share.amount)}${parts.length ? ` (${parts.join(', ')})` : ''}`,
          );
        }
        break;
      case 'hand-cancelled':
        out.push('Hand cancelled: every contribution returned');
        break;
      case 'x-draw': {
        const count2 = event.count as number;
        out.push(count2 === 0 ? verb(seat, 'stands pat', 'stand pat') : `${verb(seat, 'draws', 'draw')} ${count2}`);
        break;
      }
      case 'x-split':
        out.push(
          `${who(seat)} ${event.accept ? (seat === ctx.you ? 'accept' : 'accepts') : seat === ctx.you ? 'decline' : 'declines'} the split`,
        );
        break;
      case 'x-power':
        out.push(`${verb(seat, 'uses', 'use')} ${String(event.power).replace(/-/g, ' ')}`);
        break;
      // Home games (issue 23).
      case 'x-board-dealt':
        out.push(
          `Second board, ${FLOP_STREETS[event.street as number] ?? 'next street'}: ${cardsText(event.cards as number[])}`,
        );
        break;
      case 'x-run-twice-offered': {
        const asked = (event.order as number[]).map((s) => (s === ctx.you ? 'you' : ctx.nameOf(s)));
        out.push(`Run it twice? Every player still in is asked: ${list(asked)}`);
        break;
      }
      case 'x-run-twice-answer':
        out.push(
          event.accept
            ? `${verb(seat, 'agrees', 'agree')} to run it twice`
            : `${verb(seat, 'wants', 'want')} to run it once`,
        );
        break;
      case 'x-run-twice':
        out.push(event.twice ? 'Everyone agreed: the board runs twice' : 'The board runs once');
        break;
      case 'x-winner-shows':
        // Showing is said by the hand-shown event that follows.
        if (!event.show) out.push(`${verb(seat, 'wins without showing', 'win without showing')}`);
        break;
      case 'x-rabbit-hunt':
        out.push(`Rabbit hunt, the cards that would have come: ${cardsText(event.cards as number[])}`);
        break;
      case 'x-seven-deuce-bounty': {
        const paid = (event.paid as { seat: number; amount: number }[]).filter((p) => p.amount > 0);
        const from = paid.map((p) => `${amount(p.amount)} from ${p.seat === ctx.you ? 'you' : ctx.nameOf(p.seat)}`);
        out.push(
          `${verb(seat, 'collects', 'collect')} the 7-2 bounty: ${amount(event.amount as number)}${from.length ? `, ${list(from)}` : ''}`,
        );
        break;
      }
    }
  }
  return out;
}

/**
 * The table's own events (libs/table: people arriving, leaving, sitting out), for the other
 * players — your own seat changes are said by the page ("You sit in seat 3"). `nameOf` answers for
 * the table as it was before the events (a leaver is gone from the new seat map).
 */
export function describeTableEvents(
  events: readonly Ev[],
  ctx: { nameOf(seat: number): string; youId: string | null },
): string[] {
  const out: string[] = [];
  for (const event of events) {
    if (event.playerId !== undefined && event.playerId === ctx.youId) continue;
    const name = typeof event.seat === 'number' ? ctx.nameOf(event.seat) : '';
    switch (event.type) {
      case 'seated':
        out.push(`${name} sits down in seat ${(event.seat as number) + 1}`);
        break;
      case 'cashedOut':
        if (event.reason === 'left') out.push(`${name} leaves the table`);
        break;
      case 'satOut':
        out.push(`${name} sits out`);
        break;
      case 'satIn':
      case 'reconnected':
        out.push(`${name} is back`);
        break;
      case 'disconnected':
        out.push(`${name} is away`);
        break;
      case 'busted':
        out.push(`${name} is out of chips`);
        break;
      case 'tableClosed':
        out.push('The table is closed: every stack went back');
        break;
      case 'bombPotRequested':
        out.push('The host called a bomb pot for the next hand');
        break;
    }
  }
  return out;
}

/** The legal decision as the server sends it (the fields this module reads). */
export interface LegalForSpeech {
  actions: readonly string[];
  callAmount: number;
  minTo: number;
  maxTo: number;
  bringIn?: number;
}

/**
 * "Your turn: call 40 or raise, 15 seconds". Folding is always possible and goes unsaid when there
 * is anything else; the time is the decision's own, then what follows it: the time bank, or with
 * extended time the extension (the bank spent first within it).
 */
export function yourTurnText(legal: LegalForSpeech, seconds: number | null, bankSeconds = 0, extended = false): string {
  const has = (a: string) => legal.actions.includes(a);
  const options: string[] = [];
  if (has('check')) options.push('check');
  if (has('call')) options.push(`call ${amount(legal.callAmount)}`);
  if (has('bring-in') && legal.bringIn) options.push(`bring in for ${amount(legal.bringIn)}`);
  if (has('bet')) options.push(legal.minTo === legal.maxTo ? `bet ${amount(legal.minTo)}` : 'bet');
  if (has('raise')) options.push(legal.minTo === legal.maxTo ? `raise to ${amount(legal.minTo)}` : 'raise');
  if (has('draw')) options.push('draw or stand pat');
  if (has('split')) options.push('accept the split or play it out');
  if (has('shield')) options.push('seal shield or decline');
  // Home games (issue 23): run it twice, and an uncontested winner's show or muck.
  if (has('run-twice')) options.push('run it twice or once');
  if (has('show')) options.push('show or muck');
  if (options.length === 0 && has('fold')) options.push('fold');
  const choice =
    options.length > 1 ? `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}` : (options[0] ?? 'act');
  const more =
    bankSeconds <= 0
      ? ''
      : extended
        ? ` and ${bankSeconds} more with extended time`
        : ` and ${bankSeconds} in your time bank`;
  const time = seconds === null ? '' : `, ${seconds} second${seconds === 1 ? '' : 's'}${more}`;
  return `Your turn: ${choice}${time}`;
}

/** The warnings the clock gives, at these many seconds left. */
export const CLOCK_WARNINGS = [10, 5] as const;

/**
 * The warning due when the clock went from `beforeMs` to `nowMs` left (null if no threshold was
 * crossed): "10 seconds left", "5 seconds left". Crossing both at once says the lower one.
 */
export function clockWarning(beforeMs: number, nowMs: number): string | null {
  let due: number | null = null;
  for (const seconds of CLOCK_WARNINGS)
    if (beforeMs > seconds * 1000 && nowMs <= seconds * 1000 && nowMs > 0) due = seconds;
  return due === null ? null : `${due} seconds left`;
}

/** What a seat's list item says: "Seat 2, Bob, bot, stack 1,960, bet 40, dealer, to act". */
export interface SeatFacts {
  seat: number;
  name: string | null;
  you?: boolean;
  bot?: boolean;
  stack?: number;
  bet?: number;
  cards?: readonly (number | null)[];
  /** Words for the seat's state: 'dealer', 'small blind', 'to act', 'folded', 'all-in', 'away', 'sitting out'. */
  status?: readonly string[];
}

export function seatSummary(facts: SeatFacts): string {
  if (facts.name === null) return `Seat ${facts.seat + 1}, empty`;
  const parts = [`Seat ${facts.seat + 1}`, facts.you ? `${facts.name} (you)` : facts.name];
  if (facts.bot) parts.push('bot');
  if (facts.stack !== undefined) parts.push(`stack ${amount(facts.stack)}`);
  if (facts.bet) parts.push(`bet ${amount(facts.bet)}`);
  parts.push(...(facts.status ?? []));
  if (facts.cards && facts.cards.length) parts.push(`cards: ${cardsText(facts.cards)}`);
  return parts.join(', ');
}

/** The pot as re-read on demand: "Pot 120; side pot 1: 40; to call 20". */
export function potText(pots: readonly number[], toCall: number | null): string {
  const parts =
    pots.length <= 1
      ? [`Pot ${amount(pots[0] ?? 0)}`]
      : pots.map((p, k) => (k === 0 ? `Main pot ${amount(p)}` : `side pot ${k}: ${amount(p)}`));
  if (toCall !== null) parts.push(toCall > 0 ? `${amount(toCall)} to call` : 'nothing to call');
  return parts.join('; ');
}

export function boardText(board: readonly number[], street: string | null): string {
  if (!street) return 'No hand is running';
  return board.length
    ? `Board, ${street.toLowerCase()}: ${cardsText(board)}`
    : `No board cards yet (${street.toLowerCase()})`;
}

export function holeText(cards: readonly (number | null)[] | null): string {
  return cards && cards.length ? `Your cards: ${cardsText(cards)}` : 'You have no cards in this hand';
}

/** Sentences a burst never drops: the deal, your cards, the streets' cards, shown hands and winners. */
const ESSENTIAL =
  /^(Hand \d+ starts|A new hand starts|Your cards|Flop|Turn|River|Board|.+ (shows?|wins?) |Hand cancelled|Second board|Bomb pot|Run it twice|Everyone agreed|The board runs|Rabbit hunt|.+ collects? the 7-2 bounty)/;

/**
 * Sentences that arrive together become one announcement: consecutive folds are merged ("Ann,
 * Ben and Carl fold"), and a burst longer than `max` sentences says how many of its oldest plain
 * actions it leaves out ("3 earlier actions"; S reads the seats) — never the essential ones.
 */
export function coalesce(lines: readonly string[], max = 8): string {
  const merged: string[] = [];
  let folders: string[] = [];
  const flush = () => {
    if (folders.length === 1) merged.push(`${folders[0]} folds`);
    else if (folders.length > 1) merged.push(`${list(folders)} fold`);
    folders = [];
  };
  for (const line of lines) {
    const match = /^(.+) folds$/.exec(line);
    if (match) folders.push(match[1]!);
    else {
      flush();
      merged.push(line);
    }
  }
  flush();
  let kept = merged;
  if (merged.length > max) {
    let drop = merged.length - max + 1; // +1: the sentence that says so, where the first one left out was
    let dropped = 0;
    let at = -1;
    kept = [];
    for (const line of merged) {
      if (drop > 0 && !ESSENTIAL.test(line)) {
        drop--;
        dropped++;
        if (at < 0) {
          at = kept.length;
          kept.push('');
        }
      } else kept.push(line);
    }
    if (at >= 0) kept[at] = `${dropped} earlier action${dropped === 1 ? '' : 's'}`;
  }
  return kept.map((l) => (/[.!?]$/.test(l) ? l : `${l}.`)).join(' ');
}

/** The table's keys, shown by the help overlay (`?`) and listed in the README. */
export const TABLE_KEYS: readonly [string, string][] = [
  ['F', 'Fold (asks first when checking is free)'],
  ['C', 'Check or call'],
  ['R', 'Bet or raise the amount chosen'],
  ['↑ / →', 'Bet size up by a step'],
  ['↓ / ←', 'Bet size down by a step'],
  ['Enter (in the amount)', 'Bet or raise the amount typed'],
  ['W', 'Run it twice (when all-in and it is offered)'],
  ['O', 'Run it once'],
  ['V', 'Show your hand (a winner without a showdown, 7-2 bounty tables)'],
  ['M', 'Muck your hand (win without showing)'],
  ['A', 'Move focus to the action bar'],
  ['H', 'Read your hole cards'],
  ['B', 'Read the board'],
  ['P', 'Read the pot and the amount to call'],
  ['S', 'Read the seats: names, stacks, bets, status'],
  ['T', 'Read whose turn it is and the time left'],
  ['L', 'Read the last announcements again'],
  ['?', 'Show or hide this list of keys'],
  ['Esc', 'Close this list'],
];
