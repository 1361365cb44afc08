import {
  apply,
  legalActions,
  parseCards,
  standardDeck,
  start,
  view,
  type Action,
  type Card,
  type HandConfig,
  type HandState,
} from '@naiko/engine';
import { toBotView } from '../engine-adapter';
import { rng } from '../spec-helpers';
import { decideBotAction } from './policy';
import { decideBotPower, toBotPowerView, type BotPowerView } from './powers';

const naiko = (stacks: number[], powers: object): HandConfig => ({
  variant: 'naiko',
  structure: 'no-limit',
  seats: stacks.map((stack, seat) => ({ seat, stack })),
  button: stacks.length - 1,
  stakes: { smallBlind: 5, bigBlind: 10 },
  showdown: 'show-all',
  powers,
});

/** Hole cards in dealing order (one card per pass), then the board, then the rest of the deck. */
function stackDeck(holes: string[], board: string): Card[] {
  const hs = holes.map((h) => parseCards(h));
  const out: Card[] = [];
  for (let p = 0; p < 2; p++) for (const holeCards of hs) out.push(holeCards[p]);
  out.push(...parseCards(board));
  return out.concat(standardDeck().filter((c) => !out.includes(c)));
}

/** One bot decision through its own view: maybe a power (or a window answer), then the poker action. */
function botStep(state: HandState, seed: string): { state: HandState; actions: Action[] } {
  const seat = legalActions(state)!.seat;
  const randomSource = rng(seed);
  const actions: Action[] = [];
  const pv = toBotPowerView(view(state, seat), 10);
  const power = pv ? decideBotPower(pv, randomSource) : null;
  if (power) {
    const res = apply(state, power);
    if (!res.ok) throw new Error(`bot power refused: ${JSON.stringify(power)} ${res.error.message}`);
    state = res.state;
    actions.push(power);
    // A window answer ends the bot's part; an anchor may open a window for its target first.
    if (power.type === 'shield' || power.type === 'decline' || legalActions(state)!.seat !== seat)
      return { state, actions };
  }
  const bv = toBotView(view(state, seat), 10);
  const botDecision = decideBotAction(bv!, randomSource);
  const action = { ...botDecision, seat } as Action;
  const res = apply(state, action);
  if (!res.ok) throw new Error(`bot action refused: ${JSON.stringify(action)} ${res.error.message}`);
  actions.push(action);
  return { state: res.state, actions };
}

describe('bot power policy (Naiko mode: only legal powers, only own information)', () => {
  it('bots play whole Naiko hands with powers and every power they choose is legal', () => {
    const used = new Map<string, number>();
    for (let hand = 0; hand < 150; hand++) {
      let state = start(naiko([1000, 1000, 1000, 1000], { sparks: { 0: 3, 1: 3, 2: 3, 3: 3 } }), {
        rng: rng(`deck-${hand}`),
      }).state;
      for (let step = 0; state.phase !== 'complete'; step++) {
        expect(step).toBeLessThan(200);
        const result = botStep(state, `${hand}-${step}`);
        state = result.state;
        for (const action of result.actions) used.set(action.type, (used.get(action.type) ?? 0) + 1);
      }
    }
    for (const power of ['sneak-peek', 'sleeve-swap', 'short-anchor']) expect(used.get(power) ?? 0).toBeGreaterThan(0);
    expect((used.get('shield') ?? 0) + (used.get('decline') ?? 0)).toBeGreaterThan(0);
  });

  it('a weak start swaps its lower card preflop; a strong one keeps its cards', () => {
    const base: BotPowerView = {
      seat: 2,
      hole: parseCards('7c 2d'),
      board: [],
      strength: 0.2,
      sparks: 3,
      window: null,
      swap: { cost: 2, cards: parseCards('7c 2d') },
    };
    expect(decideBotPower(base, rng(1))).toEqual({ type: 'sleeve-swap', seat: 2, card: parseCards('2d')[0] });
    expect(
      decideBotPower(
        { ...base, hole: parseCards('As Kd'), swap: { cost: 2, cards: parseCards('As Kd') }, strength: 0.8 },
        rng(1),
      ),
    ).toBeNull();
  });

  it('a power not offered by the engine is never chosen (no legal options → no power)', () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(
        decideBotPower(
          { seat: 0, hole: parseCards('7c 2d'), board: [], strength: 0.5, sparks: 3, window: null },
          rng(seed),
        ),
      ).toBeNull();
    }
  });

  it('in a shield window: shield a hand worth raising, decline otherwise or when it cannot pay', () => {
    const botPowerView: BotPowerView = {
      seat: 1,
      hole: [],
      board: [],
      strength: 0.9,
      sparks: 1,
      window: { canShield: true },
    };
    expect(decideBotPower(botPowerView, rng(1))).toEqual({ type: 'shield', seat: 1 });
    expect(decideBotPower({ ...botPowerView, strength: 0.2 }, rng(1))).toEqual({ type: 'decline', seat: 1 });
    expect(decideBotPower({ ...botPowerView, window: { canShield: false } }, rng(1))).toEqual({
      type: 'decline',
      seat: 1,
    });
  });

  it("decisions depend only on the bot's own information: other players' hidden cards change nothing", () => {
    const cfg = naiko([1000, 1000, 1000], {
      sparks: { 2: 3 },
      carousel: ['sneak-peek', 'sleeve-swap', 'short-anchor'],
    });
    // Seat 2 (button, first to act) holds 7c 2d in both deals; the others' cards differ.
    const handState = start(cfg, { deck: stackDeck(['As Ad', 'Kc Kd', '7c 2d'], '3h 4h 5h 9s Tc') }).state;
    const stacked = start(cfg, { deck: stackDeck(['8s 3d', 'Qc Jd', '7c 2d'], '3h 4h 5h 9s Tc') }).state;
    for (let seed = 0; seed < 20; seed++) {
      const va = toBotPowerView(view(handState, 2), 10)!;
      const vb = toBotPowerView(view(stacked, 2), 10)!;
      expect(va).toEqual(vb);
      expect(decideBotPower(va, rng(seed))).toEqual(decideBotPower(vb, rng(seed)));
    }
  });

  it("no power view for a hand without powers or when it is not the bot's turn", () => {
    const plain = start({ ...naiko([1000, 1000], {}), powers: undefined }, { rng: rng(1) }).state;
    expect(toBotPowerView(view(plain, legalActions(plain)!.seat), 10)).toBeNull();
    const handState = start(naiko([1000, 1000, 1000], {}), { rng: rng(1) }).state;
    expect(toBotPowerView(view(handState, 0), 10)).toBeNull(); // seat 2 is to act
  });
});
