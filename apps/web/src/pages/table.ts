// A table: seats around the felt, stacks, bets, pots and side pots, the board or stud up-cards,
// own hole cards, button and blinds, BOT badges, the clock with the time bank, action buttons
// built only from the server's `legalActions` (view.legal), draw selection, the 32-Card Draw split
// offer, Naiko powers, home games (issue 23: run it twice, show or muck, the bomb-pot banner, the
// straddle, the second board, the rabbit hunt, the host's options), spectator mode and the hand's
// result. A reload re-watches the table: the server answers with the same seat's snapshot (the
// seat is kept through the reconnect window).
//
// This page holds the table's state and the socket; the parts are in components/table/ (the felt
// and its seats, the action bar, Naiko powers, the host's panel, the seat controls, the clock, the
// keys, the tournament it belongs to). The payloads are typed by @naiko/contracts.
import {
  HandFeedAssembler,
  snapshotAt,
  type TableChatMessage,
  type TableHandPayload,
  type TableHandPrivatePayload,
  type TablePublicState,
  type TableSnapshotPayload,
  type TableUpdatePayload,
} from '@naiko/contracts';
import { api, getSocket, onSocketError, session } from '../api';
import { extendedTimeOn, installTableKeys, installTurnTitle, tableOptions } from '../components/table-extras';
import { reportButton } from '../components/fair-play';
import { clockWarning, describeEvents, describeTableEvents, holeText } from '../a11y/speech';
import { say, sayNow, sayUrgently, silence } from '../a11y/live-region';
import { toggleHelp } from '../a11y/help';
import { refreshChips } from '../components/chips';
import { createPreActionBar, resolvePreAction } from '../components/pre-action';
import { h, mount } from '../dom';
import { GAME_NAMES, stakesText, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';
import { homeGameText } from '../components/home-game-form';
import { passwordPrompt } from '../components/host-controls';
import { tableChat } from '../components/table-chat';
import { errorMessage } from '../errors';
import { tableExtras } from '../components/tournament-extras';
import { actions, drawSelect, preActions } from '../components/table/action-bar';
import { clockText, timeLeftMs } from '../components/table/clock';
import { felt } from '../components/table/felt';
import { redrawKeepingFocus } from '../components/table/focus-keeper';
import { noteEvent } from '../components/table/hand-result';
import { createHostPanel } from '../components/table/host-panel';
import { naikoInfo, naikoPowers } from '../components/table/naiko-powers';
import { seatControls } from '../components/table/seat-controls';
import { tableReaders, turnText } from '../components/table/table-keys';
import { followTournament } from '../components/table/tournament-follow';
import { nameOf, resetDecision, type TableContext } from '../components/table/table-state';

export function tablePage(root: HTMLElement, [tableId]: string[]): () => void {
  const socket = getSocket();
  const me = session.user;
  const ctx: TableContext = {
    tableId,
    root,
    me,
    table: null,
    yourSeat: null,
    hand: null,
    blinds: { sb: null, bb: null },
    result: [],
    error: '',
    raiseTo: 0,
    confirmFoldAt: null,
    pre: null,
    discard: new Set(),
    powerTarget: null,
    act: (action) => {
      if (!ctx.hand?.view.legal) return;
      ctx.error = '';
      socket.emit('table:act', { tableId, version: ctx.hand.view.legal.version, action: action as never });
    },
    render: () => render(),
  };
  // Built once, so an open report form survives the re-renders (issue 26).
  // Issue 23: the chat log and input (built once), with mute for me, report and the host's mute for all.
  const chat = tableChat(tableId, socket, () => render());
  const report = reportButton(tableId, () =>
    (ctx.table?.seatMap ?? []).flatMap((s) =>
      s && !s.isBot && s.playerId !== me?.id ? [{ id: s.playerId, name: s.name }] : [],
    ),
  );
  const host = createHostPanel(ctx);
  const tournament = followTournament(ctx, socket);
  const preBar = createPreActionBar((value) => {
    ctx.pre = value;
    render();
  });
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
    ctx.error = '';
    watch();
    render();
  });

  const onSnapshot = (payload: TableSnapshotPayload) => {
    if (payload.tableId !== tableId) return;
    tournament.follow(payload.table.summary);
    // The snapshot holds the whole hand as this socket may see it: no earlier part applies any more
    // (parts of later updates do; the server's next part after a snapshot says all that is his).
    feed.reset(snapshotAt(payload));
    ctx.table = payload.table;
    if (oriented && payload.yourSeat !== ctx.yourSeat && payload.yourSeat !== null)
      sayNow(`You sit in seat ${payload.yourSeat + 1}`);
    ctx.yourSeat = payload.yourSeat;
    const hand = (ctx.hand = payload.hand
      ? {
          handId: payload.hand.handId,
          handNumber: payload.hand.handNumber,
          view: payload.hand.view,
          clock: payload.hand.clock,
        }
      : null);
    // Arriving at a table (opened, or moved here by the tournament): where you are, in words.
    if (!oriented) {
      oriented = true;
      const tableSummary = payload.table.summary;
      const yourSeat = ctx.yourSeat;
      const own = hand && yourSeat !== null ? hand.view.players.find((x) => x.seat === yourSeat)?.cards : undefined;
      sayNow(
        `${tableSummary.name}, ${GAME_NAMES[tableSummary.game] ?? tableSummary.game}, stakes ${stakesText(tableSummary.stakes).replace(/ · /g, ', ')}. ${yourSeat !== null ? `You are in seat ${yourSeat + 1}` : 'You are watching'}; ${payload.table.seatMap.filter(Boolean).length} seated. ${hand ? `Hand ${hand.handNumber}, ${hand.view.streetName}.` : 'Waiting for the next hand.'}${own?.length ? ` ${holeText(own)}.` : ''} Press question mark for the keys.`,
      );
    }
    // Arriving (or coming back) while the hand waits for us: say so and give the action bar the focus.
    if (hand?.view.legal) {
      sayNow(turnText(ctx));
      focusActions = true;
    }
    // Opening the table mid-hand: the blind markers come with the snapshot.
    if (payload.hand?.blinds)
      ctx.blinds = { sb: payload.hand.blinds.smallBlindSeat, bb: payload.hand.blinds.bigBlindSeat };
    resetDecision(ctx);
    render();
  };
  // Each hand update comes in two parts: the public one for everyone at the table (`table:hand`) and,
  // for a player, his own (`table:hand-private`: his cards, his legal actions), sent first; put together
  // here whichever arrives first (a part that crossed server copies may come second).
  const feed = new HandFeedAssembler();
  const onHand = (part: TableHandPayload) => {
    if (part.tableId !== tableId) return;
    const publicPart = feed.public(part);
    const before = ctx.hand?.view.legal?.version;
    if (!ctx.hand || ctx.hand.handId !== publicPart.handId) {
      ctx.result = [];
      ctx.pre = null;
    }
    ctx.hand = {
      handId: publicPart.handId,
      handNumber: publicPart.handNumber,
      view: publicPart.view,
      clock: publicPart.clock,
    };
    for (const event of publicPart.events) noteEvent(ctx, event);
    // The screen reader hears each event in plain words (coalesced when bots act quickly).
    say(
      describeEvents(publicPart.events, {
        nameOf: (seat) => nameOf(ctx, seat),
        you: ctx.yourSeat,
        handNumber: publicPart.handNumber,
      }),
    );
    decisionArrived(before);
  };
  /** A private part after its public part: only the view changes (and his own versions of its events are said). */
  const onHandPrivate = (own: TableHandPrivatePayload) => {
    if (own.tableId !== tableId) return;
    const late = feed.private(own);
    if (!late || ctx.hand?.handId !== own.handId) return;
    const before = ctx.hand.view.legal?.version;
    ctx.hand = { ...ctx.hand, view: late.payload.view };
    const events = own.events.map((x) => x.event);
    say(describeEvents(events, { nameOf: (seat) => nameOf(ctx, seat), you: ctx.yourSeat, handNumber: own.handNumber }));
    decisionArrived(before);
  };
  /** After a new view: a new decision of ours resets the sizer, sends a ticked pre-action or is announced. */
  const decisionArrived = (before: number | undefined) => {
    const hand = ctx.hand!;
    if (hand.view.legal?.version !== before) resetDecision(ctx);
    // Our turn with a pre-action ticked: send it now if it is still legal as chosen.
    let sent = false;
    if (ctx.pre && hand.view.legal && hand.view.legal.version !== before) {
      const chosen = resolvePreAction(ctx.pre, hand.view.legal);
      ctx.pre = null;
      if (chosen) {
        ctx.act(chosen);
        sent = true;
      }
    }
    // A new decision of ours: say so (choices and time) and give the action bar the focus.
    if (hand.view.legal && hand.view.legal.version !== before && !sent) {
      sayNow(turnText(ctx));
      focusActions = true;
    }
    render();
  };
  const onUpdate = (payload: TableUpdatePayload) => {
    if (payload.tableId !== tableId) return;
    // Names from the table as it was (a leaver is no longer on the new seat map), then the new one.
    const before = ctx.table;
    say(
      describeTableEvents(payload.events, {
        nameOf: (seat) => before?.seatMap[seat]?.name ?? payload.table.seatMap[seat]?.name ?? `seat ${seat + 1}`,
        youId: me?.id ?? null,
      }),
    );
    ctx.table = payload.table;
    const seatBefore = ctx.yourSeat;
    if (ctx.yourSeat !== null && !payload.table.seatMap[ctx.yourSeat]) ctx.yourSeat = null;
    if (ctx.yourSeat === null && me) {
      const mine = payload.table.seatMap.find((s) => s?.playerId === me.id);
      if (mine) ctx.yourSeat = mine.seat;
    }
    // Sitting down or leaving moved chips: the header's balance follows.
    if (ctx.yourSeat !== seatBefore) {
      refreshChips();
      sayNow(ctx.yourSeat !== null ? `You sit in seat ${ctx.yourSeat + 1}` : 'You left your seat');
    }
    render();
    if (tournament.following) tournament.check();
  };
  const onChat = (message: TableChatMessage) => {
    if (message.tableId !== tableId) return;
    // A player muted "for me" is neither shown nor read aloud.
    if (chat.add(message)) say(`${message.from.name} says: ${message.text}`);
    render();
  };
  // A tournament or Sit & Go table is named by its lobby a moment before a process hosts it (the
  // start is published while the runner opens its tables): ask again for a few seconds.
  let watchRetries = 0;
  const offError = onSocketError((socketError) => {
    if (socketError.event === 'table:watch' && socketError.code === 'NOT_FOUND' && watchRetries < 20) {
      watchRetries++;
      setTimeout(watch, 250);
      return;
    }
    ctx.error = `${socketError.code}: ${socketError.message}`;
    if (
      (socketError.event === 'table:watch' || socketError.event === 'table:sit') &&
      socketError.message.startsWith('NOT_INVITED')
    )
      askPassword = true;
    sayNow(ctx.error);
    render();
  });

  const sit = (seat: number) => {
    if (!ctx.table) return;
    const tableSummary = ctx.table.summary;
    const wanted = tableSummary.stakes.bigBlind * 100;
    const buyIn = Math.max(
      tableSummary.buyIn.min,
      tableSummary.buyIn.max === null ? wanted : Math.min(tableSummary.buyIn.max, wanted),
    );
    ctx.error = '';
    socket.emit('table:sit', { tableId, seat, buyIn, ...(invite ? { inviteCode: invite } : {}) });
  };

  socket.on('table:snapshot', onSnapshot);
  socket.on('table:hand', onHand);
  socket.on('table:hand-private', onHandPrivate);
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
      (publicState) => {
        if (!ctx.table) {
          ctx.table = publicState;
          render();
        }
      },
      () => undefined,
    );
  }
  socket.on('connect', watch);
  if (socket.connected) watch();
  const clockTimer = setInterval(() => {
    const hand = ctx.hand;
    const el = root.querySelector<HTMLElement>('[data-testid="clock"]');
    if (el && hand?.clock) el.textContent = clockText(hand.clock);
    // Our decision: warn at 10 s and 5 s left (all the time there is: main time, bank, extension).
    const clock = hand?.clock;
    if (clock && hand?.view.legal && clock.seat === ctx.yourSeat) {
      const key = `${hand.handId}:${hand.view.legal.version}`;
      const left = timeLeftMs(clock);
      if (key !== warnKey) {
        warnKey = key;
        warnLeft = left;
      }
      const warning = clockWarning(warnLeft, left);
      warnLeft = left;
      if (warning) sayUrgently(warning);
    }
  }, 250);

  function render(): void {
    redrawKeepingFocus(root, draw, () => {
      if (!focusActions) return false;
      focusActions = false;
      return true;
    });
  }

  function draw(): void {
    const tableSummary = ctx.table?.summary;
    const youSit = ctx.yourSeat !== null;
    // A tournament's table: the tournament seats and moves its players; no sit, leave or sit-in here.
    const tournamentId = tableSummary?.tournamentId;
    const sitAndGoId = tableSummary?.sitAndGoId;
    const cash = tournamentId === undefined && sitAndGoId === undefined;
    // Where "back" and the result notice lead: the tournament's or the Sit & Go's lobby.
    const lobbyHref = sitAndGoId !== undefined ? `#/sng/${sitAndGoId}` : `#/tournament/${tournamentId}`;
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
        tableSummary &&
          h(
            'h2',
            {},
            tableSummary.name,
            ' — ',
            `${GAME_NAMES[tableSummary.game] ?? tableSummary.game} ${STRUCTURE_NAMES[tableSummary.structure] ?? tableSummary.structure}`,
            ' · ',
            stakesText(tableSummary.stakes),
            tableSummary.naikoMode && h('span', { class: 'badge naiko' }, 'NAIKO'),
            !cash && h('span', { class: 'badge', 'data-testid': 'tournament-badge' }, 'tournament'),
            !youSit && h('span', { class: 'badge', 'data-testid': 'spectator-badge' }, 'spectating'),
            tableSummary.closed && h('span', { class: 'badge' }, 'closed'),
          ),
        tableSummary?.homeGame &&
          homeGameText(tableSummary.homeGame) &&
          h(
            'p',
            { class: 'muted home-rules', 'data-testid': 'home-rules' },
            'Home game: ',
            homeGameText(tableSummary.homeGame),
          ),
        ctx.error && h('p', { class: 'error', 'data-testid': 'table-error', role: 'alert' }, ctx.error),
        tournament.last && tableExtras(tournament.last, tournament.buying, (what) => void tournament.buy(what)),
        askPassword && !ctx.table && password,
        tournament.outcome &&
          h(
            'p',
            { class: 'notice', 'data-testid': 'tournament-result', role: 'status' },
            tournament.outcome,
            ' ',
            h('a', { href: lobbyHref }, sitAndGoId !== undefined ? 'Sit & Go lobby' : 'Tournament lobby'),
          ),
        host.notices(),
        host.panel(),
        felt(ctx, sit),
        tableOptions({ extendedTime: sendExtendedTime, help: toggleHelp }),
        naikoInfo(ctx),
        drawSelect(ctx),
        h(
          'div',
          { class: 'action-area', 'data-testid': 'action-area', tabindex: -1, role: 'group', 'aria-label': 'Actions' },
          actions(ctx) ?? [preActions(ctx, preBar), naikoPowers(ctx, null)],
        ),
        h(
          'div',
          { class: 'table-controls' },
          seatControls(ctx, socket, { cash, sitAndGo: sitAndGoId !== undefined }),
          chat.form,
        ),
        chat.log({
          meId: me?.id,
          isHost: host.isHost(),
          hostMuted: tableSummary?.hostControls?.muted ?? [],
          hostMute: (playerId) =>
            void api('POST', `/tables/${tableId}/host`, { command: 'mute', playerId }).catch((error2: unknown) => {
              ctx.error = errorMessage(error2);
              render();
            }),
        }),
      ),
    );
  }

  render();
  const offKeys = installTableKeys(root, tableReaders(ctx));
  const offTitle = installTurnTitle(root);
  return () => {
    silence();
    offKeys();
    offTitle();
    clearInterval(clockTimer);
    offError();
    socket.off('table:snapshot', onSnapshot);
    socket.off('table:hand', onHand);
    socket.off('table:hand-private', onHandPrivate);
    socket.off('table:update', onUpdate);
    socket.off('table:chat', onChat);
    tournament.off();
    socket.off('connect', watch);
    socket.emit('table:unwatch', { tableId });
  };
}
