// Scripted socket.io players for the fair-play e2e tests (issue 26): each is a real account on a
// real socket, deciding from its own seat's view. Policies:
//   honest   — bets or raises with a pair or better half the time, bluffs rarely, calls with a pair,
//              folds weak hands facing a bet most of the time; never folds two pair or better.
//   recipient— the dump's recipient: raises or bets the minimum whenever he can, else calls.
//   donor    — calls every street and folds on the river to any bet, strong hand or not.
//   colluder — honest, except never bets or raises when heads-up with his partner (checks/calls).
// Delays: a seeded random think time, or a constant one (the bot-like timing pattern).
import {
  evaluateHigh,
  highCategory,
  randomInt,
  rankOf,
  seededRandom,
  type Card,
  type RandomSource,
} from '@naiko/engine';
import { onHandUpdates, type TableHandPayload, type TableSnapshotPayload } from '@naiko/contracts';
import type { TestSocket } from './support';

export type Policy = 'honest' | 'recipient' | 'donor' | 'colluder';

interface PlayerView {
  seat: number;
  folded: boolean;
  allIn: boolean;
  cards: (Card | null)[];
}

interface View {
  version: number;
  toAct: number | null;
  board: Card[];
  currentBet: number;
  players: PlayerView[];
  legal: { actions: string[]; minTo: number; maxTo: number } | null;
}

export interface ScriptedPlayer {
  userId: string;
  /** Refusals the server answered (a scripted player should have none). */
  errors: unknown[];
  seat: () => number | null;
  stop(): void;
}

export interface ScriptOptions {
  tableId: string;
  userId: string;
  socket: TestSocket;
  policy: Policy;
  seed: string;
  /** Constant think time (ms), or a random range. */
  delay: { constant: number } | { min: number; max: number };
  /** colluder: the partner's table seat (looked up when needed). */
  partnerSeat?: () => number | null;
}

/** The made hand's category with the board (0 high card, 1 pair, 2 two pair …); before the flop 1 for a pocket pair. */
export function strength(hole: Card[], board: Card[]): number {
  if (hole.length < 2) return 0;
  if (board.length === 0) return rankOf(hole[0]) === rankOf(hole[1]) ? 1 : 0;
  return highCategory(evaluateHigh([...hole, ...board])) as number;
}

function decide(
  policy: Policy,
  view: View,
  me: PlayerView,
  rng: RandomSource,
  partnerSeat: number | null,
): { type: string; amount?: number } {
  const actions = view.legal!.actions;
  const can = (x: string) => actions.includes(x);
  const aggressive = (): { type: string; amount?: number } | null =>
    can('raise')
      ? { type: 'raise', amount: view.legal!.minTo }
      : can('bet')
        ? { type: 'bet', amount: view.legal!.minTo }
        : null;
  const passive = (): { type: string } =>
    can('check') ? { type: 'check' } : can('call') ? { type: 'call' } : { type: 'fold' };
  const hole = me.cards.filter((c): c is Card => c !== null);
  const handStrength = strength(hole, view.board);
  switch (policy) {
    case 'recipient':
      return aggressive() ?? passive();
    case 'donor':
      if (view.board.length === 5 && can('fold') && !can('check')) return { type: 'fold' };
      return passive();
    case 'colluder': {
      const live = view.players.filter((p) => !p.folded);
      if (partnerSeat !== null && live.length === 2 && live.some((p) => p.seat === partnerSeat)) return passive();
      return honest();
    }
    case 'honest':
      return honest();
  }
  function honest(): { type: string; amount?: number } {
    const roll = randomInt(rng, 100);
    if (can('check')) {
      if ((handStrength >= 1 && roll < 50) || roll < 12) return aggressive() ?? { type: 'check' };
      return { type: 'check' };
    }
    if (handStrength >= 2 && roll < 30) return aggressive() ?? passive();
    if (handStrength >= 1) return can('call') ? { type: 'call' } : passive();
    return roll < 60 && can('fold') ? { type: 'fold' } : can('call') ? { type: 'call' } : { type: 'fold' };
  }
}

export function script(options: ScriptOptions): ScriptedPlayer {
  const rng = seededRandom(`decide:${options.seed}`);
  const delays = seededRandom(`delay:${options.seed}`);
  let seat: number | null = null;
  // The hand's version restarts with every hand: a decision is keyed by hand and version.
  let acted = '';
  let stopped = false;
  const think = () =>
    'constant' in options.delay
      ? options.delay.constant
      : options.delay.min + randomInt(delays, options.delay.max - options.delay.min + 1);
  const onView = (handId: string, view: View | undefined) => {
    if (
      stopped ||
      !view ||
      view.legal === null ||
      view.toAct === null ||
      view.toAct !== seat ||
      acted === `${handId}:${view.version}`
    )
      return;
    acted = `${handId}:${view.version}`;
    const me = view.players.find((p) => p.seat === seat);
    if (!me) return;
    const action = decide(options.policy, view, me, rng, options.partnerSeat?.() ?? null);
    setTimeout(() => {
      if (!stopped)
        options.socket.emit('table:act', { tableId: options.tableId, version: view.version, action: action as never });
    }, think());
  };
  const onSnapshot = (payload: TableSnapshotPayload) => {
    if (payload.tableId !== options.tableId) return;
    seat = payload.yourSeat;
    if (payload.hand) onView(payload.hand.handId, payload.hand.view as unknown as View);
  };
  const onHand = (payload: TableHandPayload) => {
    if (payload.tableId === options.tableId) onView(payload.handId, payload.view as unknown as View);
  };
  const onUpdate = (payload: { tableId: string; events: { type: string; playerId?: string }[] }) => {
    if (
      payload.tableId === options.tableId &&
      payload.events.some((e) => e.type === 'busted' && e.playerId === options.userId)
    )
      options.socket.emit('table:reload', { tableId: options.tableId, amount: 2000 });
  };
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  options.socket.on('error', onError);
  options.socket.on('table:snapshot', onSnapshot);
  const offHand = onHandUpdates(options.socket, onHand);
  options.socket.on('table:update', onUpdate as never);
  return {
    userId: options.userId,
    errors,
    seat: () => seat,
    stop() {
      stopped = true;
      options.socket.off('table:snapshot', onSnapshot);
      offHand();
      options.socket.off('table:update', onUpdate as never);
      options.socket.off('error', onError);
    },
  };
}
