import { decisionTurn, type ActionHandler } from '../apply';
import { finish, toDraft } from '../draft';
import { afterRunTwiceOffer, uncontestedShow } from '../flow';
import type { Action, ApplyResult, HandEvent, HandState } from '../types';
import type { RuleModule } from '../rule-module';
import type { Viewer } from '../view';
import { HOME, homeOf, type RunTwiceOffer } from './rules';
import { setHome } from './deal';

/**
 * The home-game decisions as engine actions, so a table routes them through its ordinary action path
 * (like 32-Card Draw's split offer):
 *  - phase 'run-twice': `{ type: 'run-twice', seat }` accepts, `{ type: 'run-once', seat }` refuses
 *    (also the table's timeout answer: `legalActions(...).extensions.home.timeoutAction`). The offer goes
 *    round every player still in from left of the button; the first refusal ends it (run once); when
 *    all accepted the rest of the board is run twice.
 *  - phase 'show-or-muck' (7-2 bounty tables, an uncontested winner): `{ type: 'show', seat }` or
 *    `{ type: 'muck', seat }` (the timeout answer).
 */

const refuse = (code: 'NOT_YOUR_TURN' | 'ILLEGAL_ACTION', message: string): ApplyResult => ({
  ok: false,
  error: { code, message },
});

function checkTurn(state: HandState, action: Action, phase: string): ApplyResult | null {
  if (state.phase !== phase || state.toAct < 0) return refuse('NOT_YOUR_TURN', `no ${phase} decision is expected now`);
  if (action.seat !== state.seats[state.toAct])
    return refuse('NOT_YOUR_TURN', `seat ${state.seats[state.toAct]} is to act, not ${action.seat}`);
  return null;
}

function answerRunTwice(state: HandState, action: Action, accept: boolean): ApplyResult {
  const bad = checkTurn(state, action, 'run-twice');
  if (bad) return bad;
  const home = homeOf(state)!;
  const offer = home.offer as RunTwiceOffer;
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  const actor = state.toAct;
  const next: RunTwiceOffer = { order: offer.order, pos: offer.pos + 1, accepted: offer.accepted.slice() };
  next.accepted[actor] = accept;
  ev.push({ type: 'x-run-twice-answer', seat: action.seat, accept });
  if (accept && next.pos < next.order.length) {
    setHome(draft, { ...home, offer: next });
    draft.toAct = next.order[next.pos];
  } else afterRunTwiceOffer(draft, ev, accept);
  return { ok: true, state: finish(draft), events: ev };
}

function answerShow(state: HandState, action: Action, show: boolean): ApplyResult {
  const bad = checkTurn(state, action, 'show-or-muck');
  if (bad) return bad;
  const draft = toDraft(state);
  draft.version++;
  const ev: HandEvent[] = [];
  uncontestedShow(draft, ev, show);
  return { ok: true, state: finish(draft), events: ev };
}

const turn = (s: HandState, actions: string[], timeoutAction: string) =>
  decisionTurn(s, actions, { [HOME]: { phase: s.phase, timeoutAction } });

const HOME_ACTIONS: Readonly<Record<string, ActionHandler>> = {
  'run-twice': {
    apply: (s, a) => answerRunTwice(s, a, true),
    turn: (state) =>
      state.phase === 'run-twice'
        ? turn(state, ['run-twice', 'run-once'], 'run-once')
        : state.phase === 'show-or-muck'
          ? turn(state, ['show', 'muck'], 'muck')
          : null,
  },
  'run-once': { apply: (s, a) => answerRunTwice(s, a, false) },
  show: { apply: (s, a) => answerShow(s, a, true) },
  muck: { apply: (s, a) => answerShow(s, a, false) },
};

/** What every viewer sees of the home-game options (all public: boards, offers, the rabbit's cards). */
export interface HomeView {
  /** Seat of this hand's straddler, or null. */
  straddler: number | null;
  bombPot: boolean;
  /** The second board (double-board bomb pot, or the second run of a board run twice). */
  board2: number[] | null;
  /** The run-it-twice offer while it goes round: who is asked and who accepted. */
  runTwiceOffer: { order: number[]; accepted: number[] } | null;
  /** True once every player asked agreed to run it twice. */
  runTwice: boolean;
  /** The rabbit hunt's cards (what would have come), once the hand ended before the river. */
  rabbit: number[] | null;
}

const homeView = (state: HandState, _viewer: Viewer): HomeView | null => {
  const home = homeOf(state);
  if (!home) return null;
  const view: HomeView = {
    straddler: home.straddler >= 0 ? state.seats[home.straddler] : null,
    bombPot: !!state.config.homeGame?.bombPot,
    board2: home.board2 ? home.board2.slice() : null,
    runTwiceOffer: home.offer
      ? {
          order: home.offer.order.map((i) => state.seats[i]),
          accepted: state.seats.filter((_, i) => home.offer!.accepted[i]),
        }
      : null,
    runTwice: home.twice,
    rabbit: home.rabbit ? home.rabbit.slice() : null,
  };
  return view;
};

/**
 * The home-game module (listed by every game: a hand's `homeGame` options decide what is in play;
 * `homeGameProblem` refuses the options a game does not allow): the run-it-twice and show-or-muck
 * answers and the public view of the options.
 */
export const HOME_MODULE: RuleModule = { id: HOME, actions: HOME_ACTIONS, view: homeView };
