import { parse as parseToml } from 'smol-toml';
import { parseCard, type Card } from '../../cards/card';
import { standardDeck } from '../../cards/deck';
import { apply, isOver, legalActions } from '../apply';
import { start } from '../start';
import type { Action, HandConfig, HandEvent, HandState } from '../types';

/**
 * Stud hands in PHH (F7S, F7S/8): players p1..pN sit at seats 0..N-1 with the button on the last
 * seat, so p1 is dealt first (PokerKit's stud order). Stakes: `antes` (equal), `bring_in`,
 * `small_bet`, `big_bet`. Actions: `pb` → bring-in, `cbr X` → bet/raise (complete) to X, `cc` →
 * check/call, `f` → fold; `sm` is not an input (the engine shows hands itself).
 *
 * Used by the stud replay tests; the PHH module's variant table maps the same codes for import/export.
 */
export interface StudPhh {
  config: HandConfig;
  deck: Card[];
  actions: Action[];
  finishingStacks?: number[];
}

const VARIANTS: Record<string, { variant: string; structure: HandConfig['structure'] }> = {
  F7S: { variant: 'stud7', structure: 'fixed-limit' },
  'F7S/8': { variant: 'stud7-hl', structure: 'fixed-limit' },
};

const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : (v as number));

/** Cards of a PHH run (`Ac??Kd`): null for an unknown card. */
function cardsOf(text: string): (Card | null)[] {
  const out: (Card | null)[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const c = text.slice(i, i + 2);
    out.push(c.includes('?') ? null : parseCard(c));
  }
  return out;
}

export function importStudPhh(text: string): StudPhh {
  const t = parseToml(text) as Record<string, unknown>;
  const code = String(t.variant);
  const row = VARIANTS[code];
  if (!row) throw new Error(`not a stud PHH variant: ${code}`);
  const stacks = (t.starting_stacks as unknown[]).map(num);
  const antes = ((t.antes as unknown[]) ?? []).map(num);
  const n = stacks.length;
  if (antes.some((a) => a !== antes[0])) throw new Error('unequal antes');
  const smallBet = num(t.small_bet);
  const config: HandConfig = {
    variant: row.variant,
    structure: row.structure,
    seats: stacks.map((stack, seat) => ({ seat, stack })),
    button: n - 1,
    stakes: { smallBlind: 0, bigBlind: smallBet, ante: antes[0] ?? 0, bringIn: num(t.bring_in), smallBet, bigBet: num(t.big_bet) },
  };
  // Deck in the engine's dealing order: each run of `d dh` lines is one street, dealt in passes.
  const lines = (t.actions as string[]).map((a) => a.replace(/#.*$/, '').trim().split(/\s+/));
  const recorded: (Card | null)[] = [];
  let run: (Card | null)[][] = [];
  const flush = (): void => {
    const passes = Math.max(0, ...run.map((r) => r.length));
    for (let p = 0; p < passes; p++) for (const r of run) recorded.push(r[p] ?? null);
    run = [];
  };
  const actions: Action[] = [];
  for (const w of lines) {
    if (w[0] === 'd' && w[1] === 'dh') {
      run.push(cardsOf(w.slice(3).join('')));
      continue;
    }
    flush();
    if (w[0] === 'd' && w[1] === 'db') {
      recorded.push(...cardsOf(w.slice(2).join('')));
      continue;
    }
    const seat = Number(w[0].slice(1)) - 1;
    switch (w[1]) {
      case 'pb':
        actions.push({ type: 'bring-in', seat });
        break;
      case 'cbr':
        actions.push({ type: 'cbr', seat, amount: Number(w[2]) });
        break;
      case 'cc':
        actions.push({ type: 'cc', seat });
        break;
      case 'f':
        actions.push({ type: 'fold', seat });
        break;
      case 'sm':
        break;
      default:
        throw new Error(`unknown PHH action ${w.join(' ')}`);
    }
  }
  flush();
  const used = new Set(recorded.filter((c): c is Card => c !== null));
  // Unknown cards are never shown, so any unused card will do; the highest first keeps them from
  // taking a Fixed Limit bring-in (lowest card) the record gives to someone else.
  const spare = standardDeck().filter((c) => !used.has(c)).reverse();
  let k = 0;
  const deck = recorded.map((c) => (c === null ? spare[k++] : c));
  while (k < spare.length) deck.push(spare[k++]);
  const out: StudPhh = { config, deck, actions };
  if (t.finishing_stacks) out.finishingStacks = (t.finishing_stacks as unknown[]).map(num);
  return out;
}

/** `cbr`/`cc` resolved against the state: bet or raise, check or call. */
export function resolvePhhAction(state: HandState, a: Action): Action {
  if (a.type === 'cbr') {
    // A player whose stack does not cover the bring-in puts it all in: that is his bring-in.
    const la = legalActions(state);
    if (la?.bringIn !== undefined && (a.amount as number) <= la.bringIn) return { type: 'bring-in', seat: a.seat };
    return { type: state.currentBet === 0 ? 'bet' : 'raise', seat: a.seat, amount: a.amount };
  }
  if (a.type === 'cc') {
    const la = legalActions(state);
    return { type: la && la.actions.includes('check') ? 'check' : 'call', seat: a.seat };
  }
  return a;
}

export interface StudReplay {
  state: HandState;
  events: HandEvent[];
  error?: string;
}

export function replayStudPhh(p: StudPhh): StudReplay {
  const started = start(p.config, { deck: p.deck });
  let state = started.state;
  const events = started.events.slice();
  for (let k = 0; k < p.actions.length; k++) {
    if (isOver(state)) return { state, events, error: `action ${k} after the end of the hand` };
    const a = resolvePhhAction(state, p.actions[k]);
    const r = apply(state, a);
    if (!r.ok) return { state, events, error: `action ${k} ${JSON.stringify(a)}: ${r.error.code} ${r.error.message}` };
    state = r.state;
    events.push(...r.events);
  }
  if (!isOver(state)) return { state, events, error: 'the record ends before the hand' };
  return { state, events };
}
