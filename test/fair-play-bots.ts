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
  v: View,
  me: PlayerView,
  rng: RandomSource,
  partnerSeat: number | null,
): { type: string; amount?: number } {
  const a = v.legal!.actions;
  const can = (x: string) => a.includes(x);
  const aggressive = (): { type: string; amount?: number } | null =>
    can('raise')
      ? { type: 'raise', amount: v.legal!.minTo }
      : can('bet')
        ? { type: 'bet', amount: v.legal!.minTo }
        : null;
  const passive = (): { type: string } =>
    can('check') ? { type: 'check' } : can('call') ? { type: 'call' } : { type: 'fold' };
  const hole = me.cards.filter((c): c is Card => c !== null);
  const s = strength(hole, v.board);
  switch (policy) {
    case 'recipient':
      return aggressive() ?? passive();
    case 'donor':
      if (v.board.length === 5 && can('fold') && !can('check')) return { type: 'fold' };
      return passive();
    case 'colluder': {
      const live = v.players.filter((p) => !p.folded);
      if (partnerSeat !== null && live.length === 2 && live.some((p) => p.seat === partnerSeat)) return passive();
      return honest();
    }
    case 'honest':
      return honest();
  }
  function honest(): { type: string; amount?: number } {
    const r = randomInt(rng, 100);
    if (can('check')) {
      if ((s >= 1 && r < 50) || r < 12) return aggressive() ?? { type: 'check' };
      return { type: 'check' };
    }
    if (s >= 2 && r < 30) return aggressive() ?? passive();
    if (s >= 1) return can('call') ? { type: 'call' } : passive();
    return r < 60 && can('fold') ? { type: 'fold' } : can('call') ? { type: 'call' } : { type: 'fold' };
  }
}

export function script(o: ScriptOptions): ScriptedPlayer {
  const rng = seededRandom(`decide:${o.seed}`);
  const delays = seededRandom(`delay:${o.seed}`);
  let seat: number | null = null;
  // The hand's version restarts with every hand: a decision is keyed by hand and version.
  let acted = '';
  let stopped = false;
  const think = () =>
    'constant' in o.delay ? o.delay.constant : o.delay.min + randomInt(delays, o.delay.max - o.delay.min + 1);
  const onView = (handId: string, v: View | undefined) => {
    if (stopped || !v || v.legal === null || v.toAct === null || v.toAct !== seat || acted === `${handId}:${v.version}`)
      return;
    acted = `${handId}:${v.version}`;
    const me = v.players.find((p) => p.seat === seat);
    if (!me) return;
    const action = decide(o.policy, v, me, rng, o.partnerSeat?.() ?? null);
    setTimeout(() => {
      if (!stopped) o.socket.emit('table:act', { tableId: o.tableId, version: v.version, action: action as never });
    }, think());
  };
  const onSnapshot = (p: TableSnapshotPayload) => {
    if (p.tableId !== o.tableId) return;
    seat = p.yourSeat;
    if (p.hand) onView(p.hand.handId, p.hand.view as unknown as View);
  };
  const onHand = (p: TableHandPayload) => {
    if (p.tableId === o.tableId) onView(p.handId, p.view as unknown as View);
  };
  const onUpdate = (p: { tableId: string; events: { type: string; playerId?: string }[] }) => {
    if (p.tableId === o.tableId && p.events.some((e) => e.type === 'busted' && e.playerId === o.userId))
      o.socket.emit('table:reload', { tableId: o.tableId, amount: 2000 });
  };
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  o.socket.on('error', onError);
  o.socket.on('table:snapshot', onSnapshot);
  const offHand = onHandUpdates(o.socket, onHand);
  o.socket.on('table:update', onUpdate as never);
  return {
    userId: o.userId,
    errors,
    seat: () => seat,
    stop() {
      stopped = true;
      o.socket.off('table:snapshot', onSnapshot);
      offHand();
      o.socket.off('table:update', onUpdate as never);
      o.socket.off('error', onError);
    },
  };
}
