// A table: seats around the felt, stacks, bets, pots and side pots, the board or stud up-cards,
// own hole cards, button and blinds, BOT badges, the clock with the time bank, action buttons
// built only from the server's `legalActions` (view.legal), draw selection, the 32-Card Draw split
// offer, Naiko powers, home games (issue 23: run it twice, show or muck, the bomb-pot banner, the
// straddle, the second board, the rabbit hunt, the host's options), spectator mode and the hand's
// result. A reload re-watches the table: the
// server answers with the same seat's snapshot (the seat is kept through the reconnect window).
import type {
  ClockInfo,
  SeatInfo,
  TableChatMessage,
  SitAndGoView,
  TableHandPayload,
  TablePublicState,
  TableSnapshotPayload,
  TableSummary,
  TournamentView,
  WireHandEvent,
} from '@naiko/contracts';
import { api, getSocket, onSocketError, session } from '../api';
import { cardEl, cardSymbol, cardText } from '../cards';
import { extendedTimeOn, installTableKeys, installTurnTitle, tableOptions } from '../components/table-extras';
import { reportButton } from '../components/fair-play';
import {
  boardText,
  cardsText,
  clockWarning,
  describeEvents,
  describeTableEvents,
  holeText,
  potText,
  seatSummary,
  yourTurnText,
  type SeatFacts,
} from '../a11y/speech';
import { lastSpoken, say, sayNow, sayUrgently, silence } from '../a11y/live-region';
import { toggleHelp } from '../a11y/help';
import { refreshChips } from '../components/chips';
import { callBoxAmount, createPreActionBar, resolvePreAction, type PreAction } from '../components/pre-action';
import { findByFocusKey, focusKeyOf, h, mount } from '../dom';
import { chips, GAME_NAMES, ordinal, stakesText, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';
import { homeGameForm, homeGameText, type HomeGameForm } from '../components/home-game-form';
import { hostControls, passwordPrompt } from '../components/host-controls';
import { tableChat } from '../components/table-chat';
import { errorMessage } from '../errors';
import { awayButton, tableExtras } from '../components/tournament-extras';

/** The engine's HandView as it arrives on the wire (libs/engine/src/hand/view.ts). */
export interface WirePlayer {
  seat: number;
  stack: number;
  bet: number;
  committed: number;
  folded: boolean;
  allIn: boolean;
  cards: (number | null)[];
  up: boolean[];
  shown: boolean;
}
export interface WireLegal {
  seat: number;
  version: number;
  actions: string[];
  callAmount: number;
  minTo: number;
  maxTo: number;
  allInTo: number;
  bringIn?: number;
  choices?: number[];
  extensions?: Record<string, unknown>;
}
/**
 * The engine's Naiko powers view (libs/engine/src/hand/naiko/powers.ts PowersView): filtered for this viewer by the
 * server.
 */
interface PowersWire {
  carousel: string[];
  sparks: { seat: number; sparks: number }[];
  activationsLeft: number;
  anchored: number[];
  window: { attacker: number; target: number; ms: number } | null;
  peek: { street: number; card: number } | null;
  discarded: number | null;
}
const POWER_NAMES: Record<string, string> = {
  'sneak-peek': 'Sneak Peek',
  'sleeve-swap': 'Sleeve Swap',
  'short-anchor': 'Short Anchor',
  'seal-shield': 'Seal Shield',
};
export interface WireView {
  version: number;
  phase: string;
  variant: string;
  structure: string;
  button: number;
  street: number;
  streetName: string;
  board: number[];
  pot: number;
  currentBet: number;
  toAct: number | null;
  players: WirePlayer[];
  legal: WireLegal | null;
  ext?: Record<string, unknown>;
}

/** The engine's home-game view (libs/engine/src/hand/home/offers.ts HomeView): public to every viewer. */
export interface HomeWire {
  straddler: number | null;
  bombPot: boolean;
  board2: number[] | null;
  runTwiceOffer: { order: number[]; accepted: number[] } | null;
  runTwice: boolean;
  rabbit: number[] | null;
}

interface HandState {
  handId: string;
  handNumber: number;
  view: WireView;
  clock: ClockInfo | null;
}

/** Pots from what each player put in: the main pot and a side pot per all-in level (folded chips stay in). */
export function potsOf(players: WirePlayer[]): { amount: number; eligible: number[] }[] {
  const levels = [...new Set(players.filter((p) => p.allIn && !p.folded).map((p) => p.committed))].sort(
    (a, b) => a - b,
  );
  const top = Math.max(0, ...players.map((p) => p.committed));
  if (!levels.includes(top)) levels.push(top);
  const pots: { amount: number; eligible: number[] }[] = [];
  let floor = 0;
  for (const level of levels) {
    if (level <= floor) continue;
    const amount = players.reduce((sum, p) => sum + Math.max(0, Math.min(p.committed, level) - floor), 0);
    const eligible = players.filter((p) => !p.folded && p.committed >= level).map((p) => p.seat);
    if (amount > 0) pots.push({ amount, eligible });
    floor = level;
  }
  return pots;
}

export function tablePage(root: HTMLElement, [tableId]: string[]): () => void {
  const socket = getSocket();
  const me = session.user;
  let table: TablePublicState | null = null;
  // Built once, so an open report form survives the re-renders (issue 26).
  // Issue 23: the chat log and input (built once), with mute for me, report and the host's mute for all.
  const chat = tableChat(tableId, socket, () => render());
  const report = reportButton(tableId, () =>
    (table?.seatMap ?? []).flatMap((s) =>
      s && !s.isBot && s.playerId !== me?.id ? [{ id: s.playerId, name: s.name }] : [],
    ),
  );
  let yourSeat: number | null = null;
  let hand: HandState | null = null;
  let blinds: { sb: number | null; bb: number | null } = { sb: null, bb: null };
  let result: string[] = [];
  let error = '';
  let raiseTo = 0;
  /** The decision (hand version) at which "Fold instead of checking?" is being asked, else null. */
  let confirmFoldAt: number | null = null;
  let pre: PreAction | null = null;
  let discard = new Set<number>();
  let powerTarget: number | null = null;
  /** Set when a new decision of ours arrived: the render after it puts the focus on the action bar. */
  let focusActions = false;
  /** The first snapshot has been said ("Table …, you are in seat 3"). */
  let oriented = false;
  /** The decision the clock warnings are counting for, and the time left at the last tick. */
  let warnKey = '';
  let warnLeft = Infinity;
  let invite = new URLSearchParams(location.hash.split('?')[1] ?? '').get('invite') ?? undefined;
  /** Refused as not invited (issue 23): the host's password may let him in (it is the invite code). */
  let askPassword = false;
  const password = passwordPrompt((code) => {
    invite = code;
    askPassword = false;
    error = '';
    watch();
    render();
  });

  const resetDecision = () => {
    raiseTo = hand?.view.legal?.minTo ?? 0;
    discard = new Set();
  };

  // A tournament's table: follow the tournament, so a player it moves goes to his new table and
  // one who busts is told where he finished.
  let followed: number | null = null;
  let outOfTournament = '';
  let lastTournament: TournamentView | null = null;
  const onTournament = (v: TournamentView) => {
    if (v.tournamentId !== followed) return;
    const redraw = !!v.extras && JSON.stringify(v.extras) !== JSON.stringify(lastTournament?.extras);
    lastTournament = v;
    checkTournament();
    // Issue 25: bounties and the rebuy / add-on buttons follow the tournament.
    if (redraw) render();
  };
  let buying = false;
  const buyInTournament = async (what: 'rebuy' | 'add-on') => {
    if (followed === null) return;
    buying = true;
    render();
    try {
      await api('POST', `/tournaments/${followed}/${what}`);
      refreshChips();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    buying = false;
    render();
  };
  /** Runs on each tournament update and each table update (either may come first when he is moved). */
  const checkTournament = () => {
    const mine = me && lastTournament?.entrants.find((e) => e.userId === me.id);
    if (!mine) return;
    if (mine.tableRef && mine.tableRef !== tableId && yourSeat === null) {
      location.hash = `#/table/${mine.tableRef}`;
      return;
    }
    const out =
      mine.place !== null && !mine.tableRef
        ? `You finished ${ordinal(mine.place)} of ${lastTournament!.entrants.length}.`
        : '';
    if (out !== outOfTournament) {
      outOfTournament = out;
      if (out) sayNow(out);
      render();
    }
  };
  // A Sit & Go's table: follow its lobby view, so a player who busts (or wins) is told his place.
  let followedSng: number | null = null;
  const onSitAndGo = (v: SitAndGoView) => {
    if (v.instanceId !== followedSng || !me) return;
    const mine = v.standings.find((x) => x.userId === me.id);
    const out = mine && mine.place !== null ? `You finished ${ordinal(mine.place)} of ${v.standings.length}.` : '';
    if (out !== outOfTournament) {
      outOfTournament = out;
      if (out) sayNow(out);
      render();
    }
  };
  const follow = (summary: TablePublicState['summary']) => {
    if (summary.sitAndGoId !== undefined && followedSng !== summary.sitAndGoId) {
      followedSng = summary.sitAndGoId;
      socket.on('sitAndGoUpdate', onSitAndGo);
      socket.emit('sitAndGoWatch', { instanceId: followedSng });
    }
    if (summary.tournamentId === undefined || followed === summary.tournamentId) return;
    followed = summary.tournamentId;
    socket.on('tournamentUpdate', onTournament);
    socket.emit('tournamentWatch', { tournamentId: followed });
  };

  const onSnapshot = (p: TableSnapshotPayload) => {
    if (p.tableId !== tableId) return;
    follow(p.table.summary);
    table = p.table;
    if (oriented && p.yourSeat !== yourSeat && p.yourSeat !== null) sayNow(`You sit in seat ${p.yourSeat + 1}`);
    yourSeat = p.yourSeat;
    hand = p.hand ? { ...p.hand, view: p.hand.view as unknown as WireView } : null;
    // Arriving at a table (opened, or moved here by the tournament): where you are, in words.
    if (!oriented) {
      oriented = true;
      const s = p.table.summary;
      const own = hand && yourSeat !== null ? hand.view.players.find((x) => x.seat === yourSeat)?.cards : undefined;
      sayNow(
        `${s.name}, ${GAME_NAMES[s.game] ?? s.game}, stakes ${stakesText(s.stakes).replace(/ · /g, ', ')}. ${yourSeat !== null ? `You are in seat ${yourSeat + 1}` : 'You are watching'}; ${p.table.seatMap.filter(Boolean).length} seated. ${hand ? `Hand ${hand.handNumber}, ${hand.view.streetName}.` : 'Waiting for the next hand.'}${own?.length ? ` ${holeText(own)}.` : ''} Press question mark for the keys.`,
      );
    }
    // Arriving (or coming back) while the hand waits for us: say so and give the action bar the focus.
    if (hand?.view.legal) {
      sayNow(turnText());
      focusActions = true;
    }
    // Opening the table mid-hand: the blind markers come with the snapshot.
    if (p.hand?.blinds) blinds = { sb: p.hand.blinds.smallBlindSeat, bb: p.hand.blinds.bigBlindSeat };
    resetDecision();
    render();
  };
  const onHand = (p: TableHandPayload) => {
    if (p.tableId !== tableId) return;
    const before = hand?.view.legal?.version;
    if (!hand || hand.handId !== p.handId) {
      result = [];
      pre = null;
    }
    hand = { handId: p.handId, handNumber: p.handNumber, view: p.view as unknown as WireView, clock: p.clock };
    for (const e of p.events) noteEvent(e);
    // The screen reader hears each event in plain words (coalesced when bots act quickly).
    say(describeEvents(p.events, { nameOf, you: yourSeat, handNumber: p.handNumber }));
    if (hand.view.legal?.version !== before) resetDecision();
    // Our turn with a pre-action ticked: send it now if it is still legal as chosen.
    let sent = false;
    if (pre && hand.view.legal && hand.view.legal.version !== before) {
      const chosen = resolvePreAction(pre, hand.view.legal);
      pre = null;
      if (chosen) {
        act(chosen);
        sent = true;
      }
    }
    // A new decision of ours: say so (choices and time) and give the action bar the focus.
    if (hand.view.legal && hand.view.legal.version !== before && !sent) {
      sayNow(turnText());
      focusActions = true;
    }
    render();
  };
  const onUpdate = (p: { tableId: string; table: TablePublicState; events: WireHandEvent[] }) => {
    if (p.tableId !== tableId) return;
    // Names from the table as it was (a leaver is no longer on the new seat map), then the new one.
    const before = table;
    say(
      describeTableEvents(p.events, {
        nameOf: (seat) => before?.seatMap[seat]?.name ?? p.table.seatMap[seat]?.name ?? `seat ${seat + 1}`,
        youId: me?.id ?? null,
      }),
    );
    table = p.table;
    const seatBefore = yourSeat;
    if (yourSeat !== null && !p.table.seatMap[yourSeat]) yourSeat = null;
    if (yourSeat === null && me) {
      const mine = p.table.seatMap.find((s) => s?.playerId === me.id);
      if (mine) yourSeat = mine.seat;
    }
    // Sitting down or leaving moved chips: the header's balance follows.
    if (yourSeat !== seatBefore) {
      refreshChips();
      sayNow(yourSeat !== null ? `You sit in seat ${yourSeat + 1}` : 'You left your seat');
    }
    render();
    if (followed !== null) checkTournament();
  };
  const onChat = (m: TableChatMessage) => {
    if (m.tableId !== tableId) return;
    // A player muted "for me" is neither shown nor read aloud.
    if (chat.add(m)) say(`${m.from.name} says: ${m.text}`);
    render();
  };
  // A tournament or Sit & Go table is named by its lobby a moment before a process hosts it (the
  // start is published while the runner opens its tables): ask again for a few seconds.
  let watchRetries = 0;
  const offError = onSocketError((e) => {
    if (e.event === 'table:watch' && e.code === 'NOT_FOUND' && watchRetries < 20) {
      watchRetries++;
      setTimeout(watch, 250);
      return;
    }
    error = `${e.code}: ${e.message}`;
    if ((e.event === 'table:watch' || e.event === 'table:sit') && e.message.startsWith('NOT_INVITED'))
      askPassword = true;
    sayNow(error);
    render();
  });

  const nameOf = (seat: number) => table?.seatMap[seat]?.name ?? `seat ${seat + 1}`;

  function noteEvent(e: WireHandEvent): void {
    switch (e.type) {
      case 'hand-started':
        blinds = { sb: (e.smallBlindSeat as number | null) ?? null, bb: (e.bigBlindSeat as number | null) ?? null };
        result = [];
        break;
      case 'hand-shown':
        result.push(`${nameOf(e.seat as number)} shows ${(e.cards as number[]).map(cardSymbol).join(' ')}`);
        break;
      case 'pot-awarded':
        // Two boards (run it twice, a double-board bomb pot): each share says on which board it was won.
        for (const s of e.shares as { seat: number; amount: number; half: string; board?: number }[]) {
          const notes = [s.half !== 'whole' ? s.half : '', s.board ? `board ${s.board}` : ''].filter(Boolean);
          result.push(`${nameOf(s.seat)} wins ${chips(s.amount)}${notes.length ? ` (${notes.join(', ')})` : ''}`);
        }
        break;
      case 'x-winner-shows':
        if (!e.show) result.push(`${nameOf(e.seat as number)} wins without showing`);
        break;
      case 'x-seven-deuce-bounty': {
        const paid = (e.paid as { seat: number; amount: number }[]).filter((x) => x.amount > 0);
        result.push(
          `${nameOf(e.seat as number)} collects the 7-2 bounty: ${chips(e.amount as number)}${paid.length ? ` (${paid.map((x) => `${chips(x.amount)} from ${nameOf(x.seat)}`).join(', ')})` : ''}`,
        );
        break;
      }
      case 'uncalled-bet-returned':
        result.push(`${chips(e.amount as number)} returned to ${nameOf(e.seat as number)}`);
        break;
      case 'hand-cancelled':
        result.push('Hand cancelled: every contribution returned');
        break;
    }
  }

  const act = (action: { type: string; amount?: number; discard?: number[]; target?: number; card?: number }) => {
    if (!hand?.view.legal) return;
    error = '';
    socket.emit('table:act', { tableId, version: hand.view.legal.version, action: action as never });
  };
  const sit = (seat: number) => {
    if (!table) return;
    const s = table.summary;
    const wanted = s.stakes.bigBlind * 100;
    const buyIn = Math.max(s.buyIn.min, s.buyIn.max === null ? wanted : Math.min(s.buyIn.max, wanted));
    error = '';
    socket.emit('table:sit', { tableId, seat, buyIn, ...(invite ? { inviteCode: invite } : {}) });
  };

  socket.on('table:snapshot', onSnapshot);
  socket.on('table:hand', onHand);
  socket.on('table:update', onUpdate);
  socket.on('table:chat', onChat);
  // A private table is watched by invitation: a link's invite code lets its holder watch too.
  const watch = () => {
    socket.emit('table:watch', { tableId, ...(invite ? { inviteCode: invite } : {}) });
    // Extended time (issue 27) is this browser's setting: the table hears it again at every (re)connection.
    if (extendedTimeOn()) socket.emit('table:extended-time', { tableId, on: true });
  };
  /** The player ticked or cleared "Extended time". */
  function sendExtendedTime(on: boolean): void {
    socket.emit('table:extended-time', { tableId, on });
    sayNow(
      on
        ? 'Extended time on: from your next decision, at least twice the normal time; your time bank is used first'
        : 'Extended time off',
    );
  }
  // The seat map also comes over HTTP with the code (shown before the socket's snapshot arrives).
  if (invite) {
    void api<TablePublicState>('GET', `/lobby/tables/${tableId}?code=${encodeURIComponent(invite)}`).then(
      (t) => {
        if (!table) {
          table = t;
          render();
        }
      },
      () => undefined,
    );
  }
  socket.on('connect', watch);
  if (socket.connected) watch();
  const clockTimer = setInterval(() => {
    const el = root.querySelector<HTMLElement>('[data-testid="clock"]');
    if (el && hand?.clock) el.textContent = clockText(hand.clock);
    // Our decision: warn at 10 s and 5 s left (all the time there is: main time, bank, extension).
    const c = hand?.clock;
    if (c && hand?.view.legal && c.seat === yourSeat) {
      const key = `${hand.handId}:${hand.view.legal.version}`;
      const left = timeLeftMs(c);
      if (key !== warnKey) {
        warnKey = key;
        warnLeft = left;
      }
      const warning = clockWarning(warnLeft, left);
      warnLeft = left;
      if (warning) sayUrgently(warning);
    }
  }, 250);

  /** Time after the deadline: the time bank, or with extended time at least the extension (bank spent first). */
  const afterDeadline = (c: ClockInfo) => Math.max(c.timeBankMs, c.extendedMs ?? 0);
  /** Milliseconds until the decision finally times out. */
  const timeLeftMs = (c: ClockInfo) => Math.max(0, c.deadline + afterDeadline(c) - Date.now());

  function turnText(): string {
    const legal = hand?.view.legal;
    if (!legal) return 'Not your turn';
    const c = hand!.clock;
    const main = c ? Math.max(0, Math.ceil((c.deadline - Date.now()) / 1000)) : null;
    // With extended time the extension is longer than the bank (else nothing changes): say it as such.
    return yourTurnText(
      legal,
      main,
      c ? Math.ceil(afterDeadline(c) / 1000) : 0,
      !!c?.extendedMs && c.extendedMs > c.timeBankMs,
    );
  }

  /** The facts of one seat, for its list item and the S key. */
  function seatFacts(i: number): SeatFacts {
    const info = table?.seatMap[i] ?? null;
    if (!info) return { seat: i, name: null };
    const p = hand?.view.players.find((x) => x.seat === i);
    const status: string[] = [];
    if (hand && hand.view.button === i) status.push('dealer');
    if (hand && blinds.sb === i) status.push('small blind');
    if (hand && blinds.bb === i) status.push('big blind');
    if (hand && homeView()?.straddler === i) status.push('straddle');
    if (hand?.view.toAct === i) status.push('to act');
    if (p?.folded) status.push('folded');
    if (p?.allIn) status.push('all-in');
    if (!info.connected && !info.isBot) status.push('away');
    if (info.sittingOut) status.push('sitting out');
    // Cards: ours, or whatever of another's hand is face up or shown.
    const cards = p ? (i === yourSeat ? p.cards : p.cards.filter((c) => c !== null)) : [];
    return {
      seat: i,
      name: info.name,
      you: i === yourSeat,
      bot: info.isBot,
      stack: p ? p.stack : info.stack,
      bet: p?.bet ?? 0,
      status,
      cards,
    };
  }

  /** The keys that re-read the table on demand (issue 27); every answer goes to the live region. */
  const readers: Record<string, () => void> = {
    h: () =>
      sayNow(holeText(yourSeat === null ? null : (hand?.view.players.find((x) => x.seat === yourSeat)?.cards ?? null))),
    b: () => {
      const home = homeView();
      const more = [
        home?.board2 ? `Second board: ${cardsText(home.board2)}` : '',
        home?.rabbit ? `Rabbit hunt: ${cardsText(home.rabbit)}` : '',
      ].filter(Boolean);
      sayNow([boardText(hand?.view.board ?? [], hand ? hand.view.streetName : null), ...more].join('. '));
    },
    p: () => {
      if (!hand) return sayNow('No hand is running');
      const mine = hand.view.players.find((x) => x.seat === yourSeat);
      const toCall = hand.view.legal
        ? hand.view.legal.callAmount
        : mine && !mine.folded
          ? callBoxAmount(hand.view.currentBet, mine.bet, mine.stack)
          : null;
      sayNow(
        potText(
          potsOf(hand.view.players).map((x) => x.amount),
          toCall,
        ),
      );
    },
    s: () => {
      const n = table?.summary.seats ?? 0;
      const seats = Array.from({ length: n }, (_, i) => seatFacts(i)).filter((f) => f.name !== null);
      sayNow(seats.length ? seats.map(seatSummary).join('. ') : 'Nobody is seated');
    },
    t: () => {
      if (hand?.view.legal) return sayNow(turnText());
      const seat = hand?.view.toAct ?? null;
      if (seat === null || !hand) return sayNow('Nobody is acting now');
      const c = hand.clock;
      sayNow(`Waiting for ${nameOf(seat)}${c ? `, ${Math.ceil(timeLeftMs(c) / 1000)} seconds` : ''}`);
    },
    l: () => sayNow(lastSpoken(3).join(' ') || 'Nothing was announced yet'),
    a: () => {
      const bar =
        root.querySelector<HTMLElement>('[data-testid="actions"]') ??
        root.querySelector<HTMLElement>('[data-testid="pre-actions"] input');
      if (bar) bar.focus();
      else sayNow('Not your turn');
    },
    '?': () => toggleHelp(),
    sized: () => {
      const slider = root.querySelector<HTMLInputElement>('[data-testid="raise-slider"]');
      if (slider) sayNow(`${slider.getAttribute('aria-label') ?? 'Amount'} ${chips(Number(slider.value))}`);
    },
  };

  function clockText(c: ClockInfo): string {
    const left = c.deadline - Date.now();
    // A home-game offer runs on its own short clock, without the time bank.
    if (c.kind === 'offer') return `answer in ${Math.ceil(timeLeftMs(c) / 1000)} s`;
    // The time bank is shown from the start of the decision, not only once the main time is gone.
    const after = afterDeadline(c);
    const extended = !!c.extendedMs && c.extendedMs > c.timeBankMs;
    if (left > 0)
      return after > 0
        ? `${Math.ceil(left / 1000)} s + ${extended ? 'extended' : 'bank'} ${Math.ceil(after / 1000)} s`
        : `${Math.ceil(left / 1000)} s`;
    const bank = after + left;
    return bank > 0 ? `${extended ? 'extended time' : 'time bank'} ${Math.ceil(bank / 1000)} s` : '0 s';
  }

  /** A seat as an item of the labelled list of seats: its summary in words, then what the eye sees. */
  function seatEl(i: number, n: number): HTMLElement {
    const info: SeatInfo | null = table?.seatMap[i] ?? null;
    const angle = (Math.PI * 2 * i) / n + Math.PI / 2;
    // The seat's place on the oval; the stylesheet turns it into left/top (wide or portrait felt).
    const style = `--cx:${Math.cos(angle).toFixed(4)};--cy:${Math.sin(angle).toFixed(4)}`;
    const summary = h('span', { class: 'sr-only' }, seatSummary(seatFacts(i)));
    if (!info) {
      return h(
        'div',
        { class: 'seat empty', role: 'listitem', style, 'data-testid': `seat-${i}` },
        summary,
        yourSeat === null &&
          !table?.summary.closed &&
          table?.summary.tournamentId === undefined &&
          table?.summary.sitAndGoId === undefined
          ? h(
              'button',
              { 'data-testid': `sit-${i}`, 'aria-label': `Sit here, seat ${i + 1}`, onclick: () => sit(i) },
              'Sit here',
            )
          : h('span', { class: 'muted', 'aria-hidden': 'true' }, 'empty'),
      );
    }
    const p = hand?.view.players.find((x) => x.seat === i);
    const toAct = hand?.view.toAct === i;
    // Nothing by colour alone: to act, folded and your own seat are also said in text.
    return h(
      'div',
      {
        class: `seat${toAct ? ' to-act' : ''}${p?.folded ? ' folded' : ''}${i === yourSeat ? ' mine' : ''}`,
        role: 'listitem',
        style,
        'data-testid': `seat-${i}`,
      },
      summary,
      h(
        'div',
        { 'aria-hidden': 'true' },
        h(
          'div',
          { class: 'name' },
          info.name,
          i === yourSeat && h('span', { class: 'you' }, ' (you)'),
          info.isBot && h('span', { class: 'badge bot', 'data-testid': 'bot-badge' }, 'BOT'),
          !info.connected && !info.isBot && h('span', { class: 'badge' }, 'away'),
          info.sittingOut && h('span', { class: 'badge' }, 'sitting out'),
        ),
        h('div', { class: 'stack', 'data-testid': `stack-${i}` }, chips(p ? p.stack : info.stack)),
        h(
          'div',
          { class: 'markers' },
          hand && hand.view.button === i && h('span', { class: 'marker dealer', 'data-testid': 'button-marker' }, 'D'),
          hand && blinds.sb === i && h('span', { class: 'marker' }, 'SB'),
          hand && blinds.bb === i && h('span', { class: 'marker' }, 'BB'),
          hand &&
            homeView()?.straddler === i &&
            h('span', { class: 'marker straddle', 'data-testid': 'straddle-marker' }, 'STR'),
          p?.allIn && h('span', { class: 'marker allin' }, 'ALL-IN'),
          toAct && h('span', { class: 'marker acting' }, '▶ to act'),
          p?.folded && h('span', { class: 'marker folded' }, 'folded'),
        ),
        p &&
          h(
            'div',
            { class: 'hole', 'data-testid': i === yourSeat ? 'own-cards' : `cards-${i}` },
            p.cards.map((c, k) => cardEl(c, { ...(p.up[k] ? { 'data-up': '1' } : {}) })),
          ),
        p && p.bet > 0 && h('div', { class: 'bet', 'data-testid': `bet-${i}` }, chips(p.bet)),
        toAct && hand?.clock && h('div', { class: 'clock', 'data-testid': 'clock' }, clockText(hand.clock)),
      ),
    );
  }

  const preBar = createPreActionBar((value) => {
    pre = value;
    render();
  });
  /** While others act (we are in the hand, not folded): what to do when our turn comes. */
  function preActions(): HTMLElement | null {
    if (!hand || hand.view.legal || yourSeat === null || hand.view.phase !== 'betting') return null;
    const mine = hand.view.players.find((p) => p.seat === yourSeat);
    if (!mine || mine.folded || mine.allIn) return null;
    const toCall = callBoxAmount(hand.view.currentBet, mine.bet, mine.stack);
    return preBar.update(
      toCall,
      toCall === 0 ? 'Check' : `Call ${chips(toCall)}${toCall === mine.stack ? ' (all-in)' : ''}`,
      pre,
    );
  }

  function actions(): HTMLElement | null {
    const legal = hand?.view.legal;
    if (!hand || !legal) return null;
    const has = (a: string) => legal.actions.includes(a);
    const buttons: Node[] = [];
    // Folding is always allowed (docs/rules/README.md); where staying in is free (a check, a draw, the
    // split offer) the client asks once before folding.
    if (confirmFoldAt !== null && confirmFoldAt !== legal.version) confirmFoldAt = null;
    if (has('fold') && confirmFoldAt !== null) {
      buttons.push(
        h(
          'span',
          { 'data-testid': 'fold-confirm' },
          has('check')
            ? 'Fold instead of checking?'
            : has('draw')
              ? 'Fold instead of drawing?'
              : 'Fold instead of answering the split offer?',
        ),
        h(
          'button',
          {
            'data-testid': 'act-fold-yes',
            onclick: () => {
              confirmFoldAt = null;
              act({ type: 'fold' });
            },
          },
          'Yes, fold',
        ),
        h(
          'button',
          {
            'data-testid': 'act-fold-no',
            onclick: () => {
              confirmFoldAt = null;
              render();
            },
          },
          'No',
        ),
      );
    } else if (has('fold')) {
      buttons.push(
        h(
          'button',
          {
            'data-testid': 'act-fold',
            'aria-keyshortcuts': 'F',
            onclick: () => {
              if (has('check') || has('draw') || has('split')) {
                confirmFoldAt = legal.version;
                render();
                sayNow(
                  `${has('check') ? 'Fold instead of checking' : has('draw') ? 'Fold instead of drawing' : 'Fold instead of answering the split offer'}? Yes or No`,
                );
                root.querySelector<HTMLElement>('[data-testid="act-fold-no"]')?.focus();
              } else act({ type: 'fold' });
            },
          },
          'Fold',
        ),
      );
    }
    if (has('check'))
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-check', 'aria-keyshortcuts': 'C', onclick: () => act({ type: 'check' }) },
          'Check',
        ),
      );
    if (has('call'))
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-call', 'aria-keyshortcuts': 'C', onclick: () => act({ type: 'call' }) },
          `Call ${chips(legal.callAmount)}`,
        ),
      );
    if (has('bring-in') && legal.bringIn)
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-bring-in', onclick: () => act({ type: 'bring-in' }) },
          `Bring in ${chips(legal.bringIn)}`,
        ),
      );
    const sizing = has('bet') ? 'bet' : has('raise') ? 'raise' : null;
    let sizer: HTMLElement | null = null;
    if (sizing) {
      const clamp = (v: number) => Math.max(legal.minTo, Math.min(legal.maxTo, Math.round(v)));
      raiseTo = clamp(raiseTo || legal.minTo);
      const me = hand.view.players.find((p) => p.seat === legal.seat);
      // Pot-sized raise-to: the current bet plus the pot after calling (docs/rules/README.md Pot Limit).
      const afterCall = hand.view.pot + hand.view.players.reduce((s, p) => s + p.bet, 0) + legal.callAmount;
      const potTo = hand.view.currentBet + afterCall;
      const halfTo = hand.view.currentBet + Math.floor(afterCall / 2);
      const label = h('span', { 'data-testid': 'raise-to' }, chips(raiseTo));
      // A typed amount beside the slider: clamped to the server's min/max when it is used.
      const what = sizing === 'bet' ? 'Bet amount' : 'Raise to';
      // Typed, or stepped with the arrows (in the field: a step of about a big blind); Enter sends it.
      const amount = h('input', {
        type: 'number',
        class: 'raise-amount',
        'data-testid': 'raise-amount',
        min: legal.minTo,
        max: legal.maxTo,
        step: Math.max(1, Math.round(legal.minTo / 2)),
        value: raiseTo,
        'aria-label': `${what}, from ${chips(legal.minTo)} to ${chips(legal.maxTo)}`,
        oninput: (e: Event) => {
          const v = Number((e.target as HTMLInputElement).value);
          if (Number.isFinite(v) && v > 0) {
            raiseTo = clamp(v);
            slider.value = String(raiseTo);
            label.textContent = chips(raiseTo);
          }
        },
        onkeydown: (e: KeyboardEvent) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const v = Number(amount.value);
            if (Number.isFinite(v) && v > 0) raiseTo = clamp(v);
            act({ type: sizing, amount: raiseTo });
          }
        },
        onchange: () => {
          amount.value = String(raiseTo);
        },
      }) as HTMLInputElement;
      const slider = h('input', {
        type: 'range',
        'data-testid': 'raise-slider',
        'aria-label': what,
        min: legal.minTo,
        max: legal.maxTo,
        step: 1,
        value: raiseTo,
        oninput: (e: Event) => {
          raiseTo = clamp(Number((e.target as HTMLInputElement).value));
          label.textContent = chips(raiseTo);
          amount.value = String(raiseTo);
          slider.setAttribute('aria-valuetext', chips(raiseTo));
        },
      }) as HTMLInputElement;
      slider.setAttribute('aria-valuetext', chips(raiseTo));
      const quick = (name: string, v: number, id: string, spoken = name) =>
        h(
          'button',
          {
            class: 'small',
            'data-testid': id,
            'aria-label': `${spoken}: ${chips(clamp(v))}`,
            onclick: () => {
              raiseTo = clamp(v);
              slider.value = String(raiseTo);
              amount.value = String(raiseTo);
              label.textContent = chips(raiseTo);
              sayNow(`${what} ${chips(raiseTo)}`);
            },
          },
          name,
        );
      sizer = legal.choices
        ? h(
            'div',
            { class: 'sizer' },
            legal.choices.map((c) =>
              h(
                'button',
                { 'data-testid': `act-${sizing}-${c}`, onclick: () => act({ type: sizing, amount: c }) },
                `${sizing === 'bet' ? 'Bet' : 'Raise to'} ${chips(c)}`,
              ),
            ),
          )
        : h(
            'div',
            { class: 'sizer' },
            legal.minTo < legal.maxTo && [
              slider,
              amount,
              quick('Min', legal.minTo, 'size-min'),
              quick('½ pot', halfTo, 'size-half'),
              quick('Pot', potTo, 'size-pot'),
              quick('All-in', me ? legal.allInTo : legal.maxTo, 'size-allin'),
            ],
            h(
              'button',
              {
                'data-testid': `act-${sizing}`,
                class: 'primary',
                'aria-keyshortcuts': 'R',
                onclick: () => act({ type: sizing, amount: raiseTo }),
              },
              sizing === 'bet' ? 'Bet ' : 'Raise to ',
              label,
            ),
          );
    }
    if (has('draw')) {
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-draw', class: 'primary', onclick: () => act({ type: 'draw', discard: [...discard] }) },
          discard.size ? `Draw ${discard.size}` : 'Stand pat',
        ),
      );
    }
    if (has('split'))
      buttons.push(h('button', { 'data-testid': 'act-split', onclick: () => act({ type: 'split' }) }, 'Accept split'));
    if (has('no-split'))
      buttons.push(
        h('button', { 'data-testid': 'act-no-split', onclick: () => act({ type: 'no-split' }) }, 'Play it out'),
      );
    // Home games (issue 23): the run-it-twice offer (everyone still in must agree; the clock's answer
    // is "once") and an uncontested winner's show or muck on a 7-2 bounty table (the clock's: muck).
    if (has('run-twice')) {
      buttons.push(
        h(
          'span',
          { class: 'offer-question', 'data-testid': 'run-twice-question' },
          'All-in: run the rest of the board twice?',
        ),
        h(
          'button',
          {
            'data-testid': 'act-run-twice',
            class: 'primary',
            'aria-keyshortcuts': 'W',
            onclick: () => act({ type: 'run-twice' }),
          },
          'Run it twice',
        ),
      );
    }
    if (has('run-once'))
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-run-once', 'aria-keyshortcuts': 'O', onclick: () => act({ type: 'run-once' }) },
          'Run once',
        ),
      );
    if (has('show')) {
      buttons.push(
        h(
          'span',
          { class: 'offer-question', 'data-testid': 'show-question' },
          'You win without a showdown: show your hand? (a shown 7-2 offsuit collects the bounty)',
        ),
        h(
          'button',
          {
            'data-testid': 'act-show',
            class: 'primary',
            'aria-keyshortcuts': 'V',
            onclick: () => act({ type: 'show' }),
          },
          'Show',
        ),
      );
    }
    if (has('muck'))
      buttons.push(
        h(
          'button',
          { 'data-testid': 'act-muck', 'aria-keyshortcuts': 'M', onclick: () => act({ type: 'muck' }) },
          'Muck',
        ),
      );
    // A labelled group that takes the focus when the turn comes (tabindex -1: reachable by script, not a tab stop).
    return h(
      'div',
      {
        class: 'actions',
        'data-testid': 'actions',
        'data-version': legal.version,
        role: 'group',
        'aria-label': 'Your actions',
        tabindex: -1,
      },
      buttons,
      sizer,
      naikoPowers(legal),
    );
  }

  /** Naiko powers: a button per power of the hand's carousel, enabled only when the engine lists it as legal now. */
  function naikoPowers(legal: WireLegal | null): HTMLElement | null {
    const pv = powersView();
    if (!pv || !hand || yourSeat === null) return null;
    const ext = legal?.extensions ?? {};
    const anchorTargets = (ext['short-anchor'] as { targets?: number[] } | undefined)?.targets ?? [];
    if (powerTarget === null || !anchorTargets.includes(powerTarget)) powerTarget = anchorTargets[0] ?? null;
    const swapCard = [...discard][0];
    const buttons = pv.carousel
      .filter((p) => p !== 'seal-shield')
      .map((type) => {
        const info = ext[type] as { cost: number } | undefined;
        const enabled =
          !!info &&
          (type !== 'sleeve-swap' || swapCard !== undefined) &&
          (type !== 'short-anchor' || powerTarget !== null);
        return h(
          'button',
          {
            'data-testid': `power-${type}`,
            disabled: !enabled,
            title: info ? `costs ${info.cost} spark${info.cost === 1 ? '' : 's'}` : 'not available now',
            onclick: () =>
              act({
                type,
                ...(type === 'sleeve-swap' ? { card: swapCard } : {}),
                ...(type === 'short-anchor' && powerTarget !== null ? { target: powerTarget } : {}),
              }),
          },
          POWER_NAMES[type] ?? type,
        );
      });
    return h(
      'div',
      { class: 'powers', 'data-testid': 'powers' },
      buttons,
      anchorTargets.length > 0 &&
        h(
          'label',
          {},
          ' anchor ',
          h(
            'select',
            {
              'data-testid': 'power-target',
              onchange: (e: Event) => (powerTarget = Number((e.target as HTMLSelectElement).value)),
            },
            anchorTargets.map((t) =>
              h('option', { value: t, ...(t === powerTarget ? { selected: true } : {}) }, nameOf(t)),
            ),
          ),
        ),
      legal?.actions.includes('shield') &&
        h(
          'button',
          { 'data-testid': 'power-shield', class: 'primary', onclick: () => act({ type: 'shield' }) },
          'Seal Shield',
        ),
      legal?.actions.includes('decline') &&
        h('button', { 'data-testid': 'power-decline', onclick: () => act({ type: 'decline' }) }, 'Decline'),
    );
  }

  /** The hand's home-game view (straddler, bomb pot, second board, run-it-twice offer, rabbit), or null. */
  function homeView(): HomeWire | null {
    return (hand?.view.ext?.home as HomeWire | undefined) ?? null;
  }

  /**
   * Home games on the felt: the bomb-pot banner, the second board, the run-it-twice offer and badge, the rabbit hunt.
   */
  function homeBoards(): Node[] {
    const home = homeView();
    if (!hand || !home) return [];
    const names = (seats: number[]) => seats.map((x) => (x === yourSeat ? 'you' : nameOf(x))).join(', ');
    const offer = home.runTwiceOffer;
    const waiting = offer?.order.find((x) => !offer.accepted.includes(x));
    return [
      home.board2 &&
        h(
          'div',
          { class: 'board board2', 'data-testid': 'board2', role: 'group', 'aria-label': 'Second board' },
          h('span', { class: 'board-label' }, 'Board 2 '),
          home.board2.map((c) => cardEl(c)),
        ),
      offer &&
        h(
          'div',
          { class: 'offer', 'data-testid': 'run-twice-offer' },
          `Run it twice? Asked: ${names(offer.order)}${offer.accepted.length ? `; agreed: ${names(offer.accepted)}` : ''}${waiting !== undefined ? `; waiting for ${waiting === yourSeat ? 'you' : nameOf(waiting)}` : ''}`,
        ),
      home.rabbit &&
        h(
          'div',
          {
            class: 'rabbit',
            'data-testid': 'rabbit',
            role: 'group',
            'aria-label': 'Rabbit hunt: the cards that would have come',
          },
          h('span', { class: 'board-label' }, 'rabbit hunt '),
          home.rabbit.map((c) => cardEl(c)),
        ),
    ].filter((x): x is HTMLElement => !!x);
  }

  function powersView(): PowersWire | null {
    return (hand?.view.ext?.powers as PowersWire | undefined) ?? null;
  }

  function naikoInfo(): HTMLElement | null {
    const pv = powersView();
    if (!pv) return null;
    const mine = pv.sparks.find((x) => x.seat === yourSeat);
    const w = pv.window;
    return h(
      'div',
      { class: 'naiko', 'data-testid': 'naiko-panel' },
      h(
        'div',
        { 'data-testid': 'carousel' },
        'Carousel: ',
        pv.carousel.map((p) => h('span', { class: 'badge naiko' }, POWER_NAMES[p] ?? p)),
        ` · ${pv.activationsLeft} activation(s) left this round`,
      ),
      mine && h('div', { 'data-testid': 'sparks' }, 'Your sparks: ', h('strong', {}, '✦'.repeat(mine.sparks) || '0')),
      pv.peek && h('div', { 'data-testid': 'peek' }, 'Your Sneak Peek (next street): ', cardEl(pv.peek.card)),
      pv.discarded !== null && h('div', { 'data-testid': 'swap-discard' }, 'You swapped away ', cardEl(pv.discarded)),
      pv.anchored.length > 0 && h('div', {}, 'Anchored: ', pv.anchored.map(nameOf).join(', ')),
      w &&
        h(
          'div',
          { 'data-testid': 'shield-window', class: 'shield' },
          `${nameOf(w.attacker)} anchors ${nameOf(w.target)} — Seal Shield window `,
          hand?.clock?.kind === 'shield' && h('span', { 'data-testid': 'shield-countdown' }, clockText(hand.clock)),
        ),
    );
  }

  function ownCardsForDraw(): HTMLElement | null {
    const legal = hand?.view.legal;
    if (!hand || !legal || !(legal.actions.includes('draw') || legal.extensions?.['sleeve-swap']) || yourSeat === null)
      return null;
    const mine = hand.view.players.find((p) => p.seat === yourSeat);
    if (!mine) return null;
    return h(
      'div',
      { class: 'draw-select', 'data-testid': 'draw-select' },
      h(
        'span',
        { class: 'muted' },
        legal.actions.includes('draw')
          ? 'Choose the cards to discard: '
          : 'Sleeve Swap: choose the card to swap away: ',
      ),
      // Each card is a toggle button (Tab, then Space or Enter), pressed when it is to be discarded.
      mine.cards.map((c) =>
        c === null
          ? null
          : h(
              'button',
              {
                class: `card-pick${discard.has(c) ? ' picked' : ''}`,
                'aria-pressed': discard.has(c) ? 'true' : 'false',
                'data-testid': `discard-${cardText(c)}`,
                onclick: () => {
                  if (discard.has(c)) discard.delete(c);
                  else discard.add(c);
                  render();
                },
              },
              cardEl(c),
            ),
      ),
    );
  }

  let inviteLink = '';
  let hostMessage = '';
  /** The host's home-game settings (issue 23): built once, so a live update never resets what he is choosing. */
  let homeSettings: { el: HTMLElement; form: HomeGameForm } | null = null;
  function homeGameSettings(
    s: TableSummary,
    call: (fn: () => Promise<unknown>, ok: string) => Promise<void>,
  ): HTMLElement {
    if (!homeSettings) {
      const form = homeGameForm('home', s, () => table?.summary.stakes.bigBlind ?? 20);
      const el = h(
        'form',
        {
          class: 'home-settings',
          'data-testid': 'home-settings',
          onsubmit: (e: Event) => {
            e.preventDefault();
            const homeGame = form.value() ?? {};
            void call(
              async () => {
                await api('PATCH', `/tables/${tableId}/settings`, { homeGame });
                form.clean();
              },
              homeGameText(homeGame)
                ? `Home-game options saved (from the next hand): ${homeGameText(homeGame)}`
                : 'Home-game options off (from the next hand)',
            );
          },
        },
        form.el,
        h('button', { type: 'submit', 'data-testid': 'home-save' }, 'Save home-game options'),
      );
      homeSettings = { el, form };
    }
    homeSettings.form.setTarget(s);
    homeSettings.form.sync(s.homeGame);
    return homeSettings.el;
  }
  /** Issue 23: the host's controls (pause, approval, password, blinds, players, mutes), in his panel. */
  const controls = me ? hostControls(tableId, me.id) : null;
  /** The host of this table: a private table's host, or an admin at a public cash table. */
  const isHostHere = (): boolean => {
    const s = table?.summary;
    if (!s || !me || !s.hostControls) return false;
    return s.private ? s.hostId === me.id : me.role === 'admin';
  };
  /** The host's panel: invitations by name or link, settings, his controls (issue 23), closing. */
  function hostPanel(): HTMLElement | null {
    const s = table?.summary;
    if (!s || !me || !isHostHere()) return null;
    const call = async (fn: () => Promise<unknown>, ok: string) => {
      try {
        await fn();
        hostMessage = ok;
      } catch (e) {
        // The server's refusal in words, without its code: "Settings change between hands: …".
        const said = errorMessage(e);
        const coded = /^([A-Z_]+): (.+)$/.exec(said);
        hostMessage = coded ? `${coded[2][0]!.toUpperCase()}${coded[2].slice(1)}` : said;
        if (coded?.[1] === 'HAND_IN_PROGRESS')
          hostMessage = hostMessage.replace(/\.$/, '') + ': save again when this hand is over.';
      }
      render();
    };
    const who = h('input', {
      'data-testid': 'invite-username',
      placeholder: 'username',
      'aria-label': 'Username to invite',
    }) as HTMLInputElement;
    // An admin at a public table: only the controls (no invitations, no private settings).
    if (!s.private) {
      return h(
        'div',
        { class: 'host-panel', 'data-testid': 'host-panel' },
        h('strong', {}, 'Host (admin): '),
        controls!.el(table!, call),
        hostMessage && h('div', { class: 'muted', 'data-testid': 'host-message', role: 'status' }, hostMessage),
      );
    }
    return h(
      'div',
      { class: 'host-panel', 'data-testid': 'host-panel' },
      h('strong', {}, 'Host: '),
      h(
        'form',
        {
          class: 'inline',
          onsubmit: (e: Event) => {
            e.preventDefault();
            void call(
              () => api('POST', `/tables/${tableId}/invitations`, { username: who.value }),
              `${who.value} invited`,
            );
          },
        },
        who,
        h('button', { type: 'submit', 'data-testid': 'invite-submit' }, 'Invite'),
      ),
      h(
        'button',
        {
          'data-testid': 'invite-link',
          onclick: () =>
            void call(async () => {
              const { code } = await api<{ code: string }>('POST', `/tables/${tableId}/invite-code`);
              inviteLink = `${location.origin}/#/table/${tableId}?invite=${encodeURIComponent(code)}`;
            }, 'New invite link (anyone holding it may sit)'),
        },
        'Invite link',
      ),
      inviteLink &&
        h('input', {
          readonly: true,
          'data-testid': 'invite-url',
          value: inviteLink,
          size: 60,
          'aria-label': 'Invite link',
        }),
      controls!.el(table!, call),
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'bots-toggle',
          onclick: () =>
            void call(
              () => api('PATCH', `/tables/${tableId}/settings`, { botsAllowed: !s.botsAllowed }),
              s.botsAllowed ? 'Bots off' : 'Bots on',
            ),
        },
        s.botsAllowed ? 'Turn bots off' : 'Allow bots',
      ),
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'spectators-toggle',
          onclick: () =>
            void call(
              () => api('PATCH', `/tables/${tableId}/settings`, { spectatorsAllowed: !s.spectatorsAllowed }),
              s.spectatorsAllowed
                ? 'Only invited players watch now'
                : 'Anyone may watch now (only invited players sit)',
            ),
        },
        s.spectatorsAllowed ? 'Invited spectators only' : 'Allow spectators',
      ),
      h(
        'a',
        { class: 'button secondary', href: `#/table/${tableId}/ledger`, 'data-testid': 'session-ledger-link' },
        'Session ledger',
      ),
      !s.closed && homeGameSettings(s, call),
      // Home games: a bomb pot on demand (the table deals it on the next hand without table posts).
      !s.closed &&
        s.homeGame?.bombPot &&
        h(
          'button',
          {
            class: 'secondary',
            'data-testid': 'bomb-pot-request',
            onclick: () =>
              void call(() => api('POST', `/tables/${tableId}/bomb-pot`), 'Bomb pot called for the next hand'),
          },
          'Bomb pot next hand',
        ),
      !s.closed &&
        h(
          'button',
          {
            class: 'secondary',
            'data-testid': 'close-table',
            onclick: () =>
              void call(() => api('POST', `/tables/${tableId}/close`), 'Table closed: every stack went back'),
          },
          'Close table',
        ),
      hostMessage && h('div', { class: 'muted', 'data-testid': 'host-message', role: 'status' }, hostMessage),
    );
  }

  /** Paused by the host, and (approval required) my own seat request waiting for him. */
  function hostNotices(): HTMLElement[] {
    const c = table?.summary.hostControls;
    if (!c) return [];
    const waiting = me && c.seatRequests.some((r) => r.playerId === me.id);
    return [
      c.paused
        ? h(
            'p',
            { class: 'notice', 'data-testid': 'paused-banner', role: 'status' },
            hand && hand.view.phase !== 'complete' && hand.view.phase !== 'cancelled'
              ? 'The host paused the game: this hand is played out, then the table waits.'
              : 'The host paused the game.',
          )
        : null,
      waiting
        ? h(
            'p',
            { class: 'notice', 'data-testid': 'seat-request-pending', role: 'status' },
            'Your seat request is waiting for the host’s approval.',
          )
        : null,
    ].filter((x): x is HTMLElement => x !== null);
  }

  function render(): void {
    // The page is drawn anew at each event: the focused control gets its focus back (found again
    // by its test id), so a keyboard player never loses his place when a bot acts.
    const active =
      document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
        ? document.activeElement
        : null;
    const focusKey = focusKeyOf(active);
    const wasInActions =
      active?.closest('[data-testid="actions"], [data-testid="pre-actions"], [data-testid="action-area"]') !== null &&
      active !== null;
    const typed = active instanceof HTMLInputElement && active.type !== 'checkbox' ? active.value : null;
    draw();
    if (focusActions && root.querySelector('[data-testid="actions"]')) {
      focusActions = false;
      // Never steal the focus from a field being typed into (chat, host panel).
      const typing =
        active instanceof HTMLInputElement &&
        active !== root.querySelector('[data-testid="raise-amount"]') &&
        !['checkbox', 'radio', 'range', 'button', 'submit'].includes(active.type);
      if (!typing) return root.querySelector<HTMLElement>('[data-testid="actions"]')!.focus();
    }
    if (!active || active.isConnected) return;
    const again = focusKey ? findByFocusKey(focusKey) : null;
    if (again) {
      again.focus();
      if (typed !== null && again instanceof HTMLInputElement && again.value !== typed) again.value = typed;
    } else if (wasInActions) {
      // The control is gone (the decision was sent): the action area keeps the focus nearby.
      root.querySelector<HTMLElement>('[data-testid="action-area"]')?.focus();
    }
  }

  function draw(): void {
    const s = table?.summary;
    const n = s?.seats ?? 6;
    // Once the hand is over its pots have been awarded: the felt shows no pot (only the result line).
    const awarded = hand !== null && (hand.view.phase === 'complete' || hand.view.phase === 'cancelled');
    const pots = hand && !awarded ? potsOf(hand.view.players) : [];
    const youSit = yourSeat !== null;
    // A tournament's table: the tournament seats and moves its players; no sit, leave or sit-in here.
    const tournamentId = s?.tournamentId;
    const sitAndGoId = s?.sitAndGoId;
    const cash = tournamentId === undefined && sitAndGoId === undefined;
    // Where "back" and the result notice lead: the tournament's or the Sit & Go's lobby.
    const lobbyHref = sitAndGoId !== undefined ? `#/sng/${sitAndGoId}` : `#/tournament/${tournamentId}`;
    const home = homeView();
    mount(
      root,
      header(me, [
        cash
          ? h('a', { href: '#/lobby', 'data-testid': 'back-to-lobby' }, '← Lobby')
          : h(
              'a',
              { href: lobbyHref, 'data-testid': 'back-to-tournament' },
              sitAndGoId !== undefined ? '← Sit & Go lobby' : '← Tournament lobby',
            ),
        report,
      ]),
      h(
        'main',
        { class: 'table-page', 'data-testid': 'table-page', 'data-mode': youSit ? 'player' : 'spectator' },
        s &&
          h(
            'h2',
            {},
            s.name,
            ' — ',
            `${GAME_NAMES[s.game] ?? s.game} ${STRUCTURE_NAMES[s.structure] ?? s.structure}`,
            ' · ',
            stakesText(s.stakes),
            s.naikoMode && h('span', { class: 'badge naiko' }, 'NAIKO'),
            !cash && h('span', { class: 'badge', 'data-testid': 'tournament-badge' }, 'tournament'),
            !youSit && h('span', { class: 'badge', 'data-testid': 'spectator-badge' }, 'spectating'),
            s.closed && h('span', { class: 'badge' }, 'closed'),
          ),
        s?.homeGame &&
          homeGameText(s.homeGame) &&
          h('p', { class: 'muted home-rules', 'data-testid': 'home-rules' }, 'Home game: ', homeGameText(s.homeGame)),
        error && h('p', { class: 'error', 'data-testid': 'table-error', role: 'alert' }, error),
        lastTournament && tableExtras(lastTournament, tableId, me?.id, buying, (what) => void buyInTournament(what)),
        askPassword && !table && password,
        outOfTournament &&
          h(
            'p',
            { class: 'notice', 'data-testid': 'tournament-result', role: 'status' },
            outOfTournament,
            ' ',
            h('a', { href: lobbyHref }, sitAndGoId !== undefined ? 'Sit & Go lobby' : 'Tournament lobby'),
          ),
        hostNotices(),
        hostPanel(),
        h(
          'div',
          { class: 'felt', 'data-testid': 'felt' },
          h(
            'div',
            { class: 'center' },
            home?.bombPot &&
              h(
                'div',
                { class: 'bomb-pot', 'data-testid': 'bomb-pot-banner' },
                'BOMB POT',
                h(
                  'span',
                  { class: 'small' },
                  ` everyone antes, no preflop betting${s?.homeGame?.bombPot?.doubleBoard ? ', two boards' : ''}`,
                ),
              ),
            hand &&
              h(
                'div',
                { class: 'street', 'data-testid': 'street' },
                `Hand #${hand.handNumber} · ${hand.view.streetName}`,
                home?.runTwice &&
                  h('span', { class: 'badge run-twice', 'data-testid': 'run-twice-badge' }, 'RUN TWICE'),
              ),
            h(
              'div',
              {
                class: 'board',
                'data-testid': 'board',
                role: 'group',
                'aria-label': home?.board2 ? 'Board 1' : 'Board',
              },
              home?.board2 && h('span', { class: 'board-label' }, 'Board 1 '),
              hand?.view.board.map((c) => cardEl(c)),
            ),
            homeBoards(),
            hand &&
              !awarded &&
              h(
                'div',
                { class: 'pots', 'data-testid': 'pots' },
                pots.length <= 1
                  ? h('span', { 'data-testid': 'pot' }, `Pot ${chips(pots[0]?.amount ?? 0)}`)
                  : pots.map((p, k) =>
                      h(
                        'span',
                        { 'data-testid': k === 0 ? 'pot' : 'side-pot' },
                        `${k === 0 ? 'Main pot' : `Side pot ${k}`} ${chips(p.amount)}`,
                      ),
                    ),
              ),
            result.length > 0 &&
              h(
                'div',
                { class: 'result', 'data-testid': 'hand-result' },
                result.map((r) => h('div', {}, r)),
              ),
          ),
          h(
            'div',
            { class: 'seats', role: 'list', 'aria-label': 'Seats' },
            Array.from({ length: n }, (_, i) => seatEl(i, n)),
          ),
        ),
        tableOptions({ extendedTime: sendExtendedTime, help: toggleHelp }),
        naikoInfo(),
        ownCardsForDraw(),
        h(
          'div',
          { class: 'action-area', 'data-testid': 'action-area', tabindex: -1, role: 'group', 'aria-label': 'Actions' },
          actions() ?? [preActions(), naikoPowers(null)],
        ),
        h(
          'div',
          { class: 'table-controls' },
          youSit &&
            cash &&
            h(
              'button',
              { 'data-testid': 'leave', class: 'secondary', onclick: () => socket.emit('table:leave', { tableId }) },
              'Leave seat',
            ),
          youSit &&
            cash &&
            table?.seatMap[yourSeat!]?.sittingOut &&
            h(
              'button',
              {
                'data-testid': 'sit-in',
                title: 'Post the blinds now and play the next hand',
                onclick: () => socket.emit('table:sit-in', { tableId, waitForBigBlind: false }),
              },
              'Post now',
            ),
          youSit &&
            cash &&
            table?.seatMap[yourSeat!]?.sittingOut &&
            h(
              'button',
              {
                class: 'secondary',
                'data-testid': 'wait-bb',
                title: 'Come back in when the big blind reaches you, without posting',
                onclick: () => socket.emit('table:sit-in', { tableId, waitForBigBlind: true }),
              },
              'Wait for big blind',
            ),
          // Issue 25: at a tournament table a player away is still dealt in and blinded off at once.
          youSit &&
            !cash &&
            sitAndGoId === undefined &&
            awayButton(!!table?.seatMap[yourSeat!]?.sittingOut, (away) =>
              socket.emit(away ? 'table:sit-out' : 'table:sit-in', { tableId }),
            ),
          youSit &&
            cash &&
            !table?.seatMap[yourSeat!]?.sittingOut &&
            h(
              'button',
              {
                class: 'secondary',
                'data-testid': 'sit-out',
                title: 'Finish this hand, then sit out',
                onclick: () => socket.emit('table:sit-out', { tableId }),
              },
              'Sit out next hand',
            ),
          chat.form,
        ),
        chat.log({
          meId: me?.id,
          isHost: isHostHere(),
          hostMuted: s?.hostControls?.muted ?? [],
          hostMute: (playerId) =>
            void api('POST', `/tables/${tableId}/host`, { command: 'mute', playerId }).catch((e: unknown) => {
              error = errorMessage(e);
              render();
            }),
        }),
      ),
    );
  }

  render();
  const offKeys = installTableKeys(root, readers);
  const offTitle = installTurnTitle(root);
  return () => {
    silence();
    offKeys();
    offTitle();
    clearInterval(clockTimer);
    offError();
    socket.off('table:snapshot', onSnapshot);
    socket.off('table:hand', onHand);
    socket.off('table:update', onUpdate);
    socket.off('table:chat', onChat);
    socket.off('tournamentUpdate', onTournament);
    socket.off('sitAndGoUpdate', onSitAndGo);
    socket.off('connect', watch);
    socket.emit('table:unwatch', { tableId });
  };
}
