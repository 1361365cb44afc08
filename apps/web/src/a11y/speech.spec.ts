// The words the table says to a screen reader (issue 27).
import { describe, expect, it } from '@jest/globals';
import {
  boardText,
  cardName,
  cardsText,
  clockWarning,
  coalesce,
  describeEvents,
  describeTableEvents,
  holeText,
  potText,
  seatSummary,
  yourTurnText,
} from './speech';

// Engine cards: rank * 4 + suit (clubs, diamonds, hearts, spades); 2 = rank 0, ace = rank 12.
const card = (rank: number, suit: number) => rank * 4 + suit;
const AS = card(12, 3);
const TD = card(8, 1);
const FC = card(2, 0);
const KH = card(11, 2);

const names = ['Alice', 'Bob', 'Carl', 'Dana'];
const ctx = { nameOf: (s: number) => names[s]!, you: 0, handNumber: 7 };

describe('cards in words', () => {
  it('names rank and suit; jokers and face-down cards', () => {
    expect(cardName(AS)).toBe('ace of spades');
    expect(cardName(TD)).toBe('ten of diamonds');
    expect(cardName(0)).toBe('two of clubs');
    expect(cardName(52)).toBe('joker');
    expect(cardName(null)).toBe('a face-down card');
    expect(cardsText([AS, TD, FC])).toBe('ace of spades, ten of diamonds, four of clubs');
    expect(cardsText([null, null, KH])).toBe('king of hearts, 2 face-down cards');
  });
});

describe('one sentence per event', () => {
  it('actions: "Bob raises to 60", calls with the amount paid, "You" for the viewer', () => {
    expect(
      describeEvents(
        [
          { type: 'action', seat: 1, action: 'raise', amount: 50, to: 60, allIn: false },
          { type: 'action', seat: 2, action: 'call', amount: 40, to: 60, allIn: false },
          { type: 'action', seat: 3, action: 'fold', amount: 0, to: 20, allIn: false },
          { type: 'action', seat: 0, action: 'call', amount: 60, to: 60, allIn: true },
          { type: 'action', seat: 0, action: 'check', amount: 0, to: 0, allIn: false },
          { type: 'action', seat: 1, action: 'bet', amount: 1960, to: 1960, allIn: true },
        ],
        ctx,
      ),
    ).toEqual([
      'Bob raises to 60',
      'Carl calls 40',
      'Dana folds',
      'You call 60, all-in',
      'You check',
      'Bob bets 1,960, all-in',
    ]);
  });

  it('a street and its board are one sentence: "Flop: ace of spades, ten of diamonds, four of clubs"', () => {
    expect(
      describeEvents(
        [
          { type: 'bets-collected', pot: 120 },
          { type: 'street-started', street: 1, name: 'flop' },
          { type: 'board-dealt', street: 1, cards: [AS, TD, FC] },
        ],
        ctx,
      ),
    ).toEqual(['Flop: ace of spades, ten of diamonds, four of clubs']);
    expect(
      describeEvents(
        [
          { type: 'street-started', street: 2, name: 'turn' },
          { type: 'board-dealt', street: 2, cards: [KH] },
        ],
        ctx,
      ),
    ).toEqual(['Turn: king of hearts']);
  });

  it('the deal: the hand number and button, blinds, your own cards only', () => {
    expect(
      describeEvents(
        [
          { type: 'hand-started', button: 3, smallBlindSeat: 0, bigBlindSeat: 1 },
          { type: 'forced-bet', seat: 0, kind: 'small-blind', amount: 10, allIn: false },
          { type: 'forced-bet', seat: 1, kind: 'big-blind', amount: 20, allIn: false },
          { type: 'hole-dealt', seat: 0, cards: [AS, KH], up: [false, false] },
          { type: 'hole-dealt', seat: 1, cards: [null, null], up: [false, false] },
          { type: 'street-started', street: 0, name: 'preflop' },
        ],
        ctx,
      ),
    ).toEqual([
      'Hand 7 starts; Dana has the button',
      'You post the small blind 10',
      'Bob posts the big blind 20',
      'Your cards: ace of spades, king of hearts',
    ]);
  });

  it('the end: shown hands, winners with their share, returned bets', () => {
    expect(
      describeEvents(
        [
          { type: 'uncalled-bet-returned', seat: 1, amount: 40 },
          { type: 'hand-shown', seat: 1, cards: [AS, KH] },
          { type: 'hand-mucked', seat: 0, cards: [null, null] },
          {
            type: 'pot-awarded',
            shares: [
              { seat: 1, amount: 120, half: 'whole' },
              { seat: 0, amount: 60, half: 'low' },
            ],
          },
          { type: 'hand-ended', stacks: [] },
        ],
        ctx,
      ),
    ).toEqual([
      '40 returned to Bob',
      'Bob shows ace of spades, king of hearts',
      'You muck',
      'Bob wins 120',
      'You win 60 (low half)',
    ]);
  });
});

describe("the table's own events", () => {
  it('others arriving, leaving, away and back; never yourself', () => {
    const you = 'p0';
    expect(
      describeTableEvents(
        [
          { type: 'seated', seat: 2, playerId: 'p2', isBot: true, buyIn: 2000 },
          { type: 'seated', seat: 0, playerId: you, isBot: false, buyIn: 2000 },
          { type: 'disconnected', seat: 1, playerId: 'p1', at: 0 },
          { type: 'reconnected', seat: 1, playerId: 'p1', at: 1 },
          { type: 'cashedOut', seat: 3, playerId: 'p3', amount: 500, reason: 'left' },
          { type: 'handStarted', handNumber: 4, button: 0, smallBlindSeat: 1, bigBlindSeat: 2, seats: [0, 1, 2] },
        ],
        { nameOf: (s) => names[s]!, youId: you },
      ),
    ).toEqual(['Carl sits down in seat 3', 'Bob is away', 'Bob is back', 'Dana leaves the table']);
  });
});

describe('your turn', () => {
  it('"Your turn: call 40 or raise, 15 seconds": fold goes unsaid', () => {
    expect(yourTurnText({ actions: ['fold', 'call', 'raise'], callAmount: 40, minTo: 80, maxTo: 2000 }, 15)).toBe(
      'Your turn: call 40 or raise, 15 seconds',
    );
    expect(yourTurnText({ actions: ['fold', 'check', 'bet'], callAmount: 0, minTo: 20, maxTo: 2000 }, 20, 30)).toBe(
      'Your turn: check or bet, 20 seconds and 30 in your time bank',
    );
    expect(
      yourTurnText({ actions: ['fold', 'check', 'bet'], callAmount: 0, minTo: 20, maxTo: 2000 }, 20, 20, true),
    ).toBe('Your turn: check or bet, 20 seconds and 20 more with extended time');
    // A short stack can only call all-in or fold.
    expect(yourTurnText({ actions: ['fold', 'call'], callAmount: 300, minTo: 0, maxTo: 0 }, 1)).toBe(
      'Your turn: call 300, 1 second',
    );
    // Fixed limit: one raise size.
    expect(yourTurnText({ actions: ['fold', 'call', 'raise'], callAmount: 10, minTo: 40, maxTo: 40 }, null)).toBe(
      'Your turn: call 10 or raise to 40',
    );
    // Home-game offers.
    expect(yourTurnText({ actions: ['run-twice', 'run-once'], callAmount: 0, minTo: 0, maxTo: 0 }, 8)).toBe(
      'Your turn: run it twice or once, 8 seconds',
    );
    expect(yourTurnText({ actions: ['show', 'muck'], callAmount: 0, minTo: 0, maxTo: 0 }, 8)).toBe(
      'Your turn: show or muck, 8 seconds',
    );
  });
});

describe('the clock warns at 10 s and 5 s', () => {
  it('once per threshold crossed', () => {
    expect(clockWarning(10_200, 9_950)).toBe('10 seconds left');
    expect(clockWarning(9_950, 9_700)).toBeNull();
    expect(clockWarning(5_100, 4_900)).toBe('5 seconds left');
    // A page that slept through both says the lower one.
    expect(clockWarning(12_000, 4_000)).toBe('5 seconds left');
    expect(clockWarning(15_000, 11_000)).toBeNull();
    // Expired: nothing to warn about.
    expect(clockWarning(6_000, 0)).toBeNull();
  });
});

describe('re-read on demand', () => {
  it('a seat as a list item: name, stack, bet, status', () => {
    expect(seatSummary({ seat: 1, name: 'Bob', bot: true, stack: 1960, bet: 40, status: ['dealer', 'to act'] })).toBe(
      'Seat 2, Bob, bot, stack 1,960, bet 40, dealer, to act',
    );
    expect(seatSummary({ seat: 0, name: 'Alice', you: true, stack: 500, cards: [AS, KH] })).toBe(
      'Seat 1, Alice (you), stack 500, cards: ace of spades, king of hearts',
    );
    expect(seatSummary({ seat: 4, name: null })).toBe('Seat 5, empty');
  });
  it('pot, board and hole cards', () => {
    expect(potText([120], 40)).toBe('Pot 120; 40 to call');
    expect(potText([300, 80], 0)).toBe('Main pot 300; side pot 1: 80; nothing to call');
    expect(potText([60], null)).toBe('Pot 60');
    expect(boardText([AS, TD, FC], 'Flop')).toBe('Board, flop: ace of spades, ten of diamonds, four of clubs');
    expect(boardText([], 'Preflop')).toBe('No board cards yet (preflop)');
    expect(holeText([AS, KH])).toBe('Your cards: ace of spades, king of hearts');
    expect(holeText(null)).toBe('You have no cards in this hand');
  });
});

describe('coalescing: bots acting quickly never flood', () => {
  it('merges consecutive folds and keeps the newest sentences of a long burst', () => {
    expect(coalesce(['BOT Ann folds', 'BOT Ben folds', 'BOT Cy folds', 'Bob raises to 60'])).toBe(
      'BOT Ann, BOT Ben and BOT Cy fold. Bob raises to 60.',
    );
    expect(coalesce(['Bob calls 20'])).toBe('Bob calls 20.');
    // 10 calls, room for 3 sentences: "8 earlier actions" and the last two.
    const burst = Array.from({ length: 10 }, (_, k) => `P${k} calls 20`);
    expect(coalesce(burst, 3)).toBe('8 earlier actions. P8 calls 20. P9 calls 20.');
  });
  it('a burst never drops the deal, your cards, the board or the winner', () => {
    const lines = [
      'Hand 3 starts; Ann has the button',
      'Ben posts the small blind 10',
      'Cy posts the big blind 20',
      'Your cards: ace of spades, king of hearts',
      'Dan calls 20',
      'Eve calls 20',
      'Ann calls 20',
      'Ben calls 10',
    ];
    expect(coalesce(lines, 5)).toBe(
      'Hand 3 starts; Ann has the button. 4 earlier actions. Your cards: ace of spades, king of hearts. Ann calls 20. Ben calls 10.',
    );
  });
  it('antes of a whole table are one sentence', () => {
    const antes = [0, 1, 2, 3].map((seat) => ({ type: 'forced-bet', seat, kind: 'ante', amount: 5, allIn: false }));
    expect(
      describeEvents([...antes, { type: 'forced-bet', seat: 1, kind: 'small-blind', amount: 10, allIn: false }], ctx),
    ).toEqual(['4 players ante 5', 'Bob posts the small blind 10']);
  });
});

describe('home games (issue 23) in words', () => {
  it("the straddle and a bomb pot's antes", () => {
    expect(describeEvents([{ type: 'forced-bet', seat: 3, kind: 'straddle', amount: 40, allIn: false }], ctx)).toEqual([
      'Dana posts a straddle of 40',
    ]);
    const antes = [0, 1, 2, 3].map((seat) => ({
      type: 'forced-bet',
      seat,
      kind: 'bomb-pot-ante',
      amount: 50,
      allIn: false,
    }));
    expect(describeEvents(antes, ctx)).toEqual(['Bomb pot: 4 players ante 50']);
    expect(
      describeEvents([{ type: 'forced-bet', seat: 0, kind: 'bomb-pot-ante', amount: 30, allIn: true }], ctx),
    ).toEqual(['You post a bomb-pot ante of 30, all-in']);
  });

  it('the run-it-twice offer, each answer, and the outcome', () => {
    expect(describeEvents([{ type: 'x-run-twice-offered', street: 1, order: [1, 0] }], ctx)).toEqual([
      'Run it twice? Every player still in is asked: Bob and you',
    ]);
    expect(
      describeEvents(
        [
          { type: 'x-run-twice-answer', seat: 1, accept: true },
          { type: 'x-run-twice-answer', seat: 0, accept: true },
          { type: 'x-run-twice', twice: true },
        ],
        ctx,
      ),
    ).toEqual(['Bob agrees to run it twice', 'You agree to run it twice', 'Everyone agreed: the board runs twice']);
    expect(
      describeEvents(
        [
          { type: 'x-run-twice-answer', seat: 2, accept: false },
          { type: 'x-run-twice', twice: false },
        ],
        ctx,
      ),
    ).toEqual(['Carl wants to run it once', 'The board runs once']);
  });

  it('the second board, and pots won on each board', () => {
    expect(
      describeEvents(
        [
          { type: 'x-board-dealt', board: 2, street: 1, cards: [AS, TD, FC] },
          { type: 'x-board-dealt', board: 2, street: 3, cards: [KH] },
        ],
        ctx,
      ),
    ).toEqual([
      'Second board, flop: ace of spades, ten of diamonds, four of clubs',
      'Second board, river: king of hearts',
    ]);
    expect(
      describeEvents(
        [
          {
            type: 'pot-awarded',
            pot: 0,
            amount: 15,
            rake: 0,
            eligible: [0, 1],
            shares: [
              { seat: 0, amount: 8, half: 'whole', board: 1 },
              { seat: 1, amount: 5, half: 'high', board: 2 },
              { seat: 2, amount: 2, half: 'low', board: 2 },
            ],
          },
        ],
        ctx,
      ),
    ).toEqual(['You win 8 (board 1)', 'Bob wins 5 (high half, board 2)', 'Carl wins 2 (low half, board 2)']);
  });

  it('show or muck, the 7-2 bounty, the rabbit hunt', () => {
    expect(describeEvents([{ type: 'x-winner-shows', seat: 1, show: false }], ctx)).toEqual([
      'Bob wins without showing',
    ]);
    // Showing is said once, by the shown hand.
    expect(
      describeEvents(
        [
          { type: 'x-winner-shows', seat: 1, show: true },
          { type: 'hand-shown', seat: 1, cards: [card(5, 0), card(0, 2)] },
        ],
        ctx,
      ),
    ).toEqual(['Bob shows seven of clubs, two of hearts']);
    expect(
      describeEvents(
        [
          {
            type: 'x-seven-deuce-bounty',
            seat: 1,
            amount: 20,
            paid: [
              { seat: 0, amount: 10 },
              { seat: 2, amount: 10 },
              { seat: 3, amount: 0 },
            ],
          },
        ],
        ctx,
      ),
    ).toEqual(['Bob collects the 7-2 bounty: 20, 10 from you and 10 from Carl']);
    expect(
      describeEvents(
        [
          {
            type: 'x-rabbit-hunt',
            cards: [KH, AS],
            streets: [
              { street: 2, board: 1, cards: [KH] },
              { street: 3, board: 1, cards: [AS] },
            ],
          },
        ],
        ctx,
      ),
    ).toEqual(['Rabbit hunt, the cards that would have come: king of hearts, ace of spades']);
  });

  it('the offers in "your turn", and a bomb pot the host calls', () => {
    expect(yourTurnText({ actions: ['run-twice', 'run-once'], callAmount: 0, minTo: 0, maxTo: 0 }, 10)).toBe(
      'Your turn: run it twice or once, 10 seconds',
    );
    expect(yourTurnText({ actions: ['show', 'muck'], callAmount: 0, minTo: 0, maxTo: 0 }, 8)).toBe(
      'Your turn: show or muck, 8 seconds',
    );
    expect(
      describeTableEvents([{ type: 'bombPotRequested', by: 'host-id' }], { nameOf: () => '', youId: null }),
    ).toEqual(['The host called a bomb pot for the next hand']);
  });

  it('a burst keeps the home-game sentences', () => {
    const lines = [
      'Everyone agreed: the board runs twice',
      ...Array.from({ length: 6 }, (_, k) => `P${k} calls 20`),
      'Second board, river: king of hearts',
      'Bob collects the 7-2 bounty: 20',
    ];
    expect(coalesce(lines, 4)).toBe(
      'Everyone agreed: the board runs twice. 6 earlier actions. Second board, river: king of hearts. Bob collects the 7-2 bounty: 20.',
    );
  });
});
