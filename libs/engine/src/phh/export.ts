import { stringify } from 'smol-toml';
import { formatCards } from '../cards';
import { clockwise, leftOfButton } from '../hand/order';
import { resolveVariant } from '../hand/start';
import type { HandConfig, HandEvent } from '../hand/types';
import type { Viewer } from '../hand/view';
import { viewEvent } from '../hand/view-events';
import { PhhError } from './types';
import { phhCodeFor } from './table';
import { HOME_EVENTS, homeExportFields } from './home';

/**
 * The variant code written when PHH has none for the game and structure (details in
 * `_naiko_variant`/`_naiko_structure`).
 */
export const NAIKO_VARIANT_CODE = '_NAIKO';

const unsupported = (message: string): never => {
  throw new PhhError('unsupported', message);
};

type Ev<T extends HandEvent['type']> = Extract<HandEvent, { type: T }>;

/**
 * Writes an engine hand (its config and its unredacted event log) as PHH text. Positions follow
 * PHH: p1 is the first player left of the button (heads-up the big blind), pN the button. What PHH
 * cannot say is written in `_`-prefixed fields that `importPhh` reads back:
 * `_naiko_variant`/`_naiko_structure` (games and structures without a PHH code, e.g. half-pot
 * and spread limit), `_spread_limits`, `_max_bets_per_round`, `_seats`/`_button` (table seats),
 * `_showdown`, `_short_big_blind`. Not exportable (PhhError 'unsupported'): table posts, moved
 * blinds other than a missing small blind, rake, cancelled hands.
 */
export function exportPhh(
  config: HandConfig,
  events: readonly HandEvent[],
  extra: Record<string, unknown> = {},
  opts: { masked?: boolean } = {},
): string {
  // A masked log (exportPhhFor) writes each card its viewer did not see as '??'.
  const cardsText = (cards: readonly (number | null)[]): string => {
    if (!opts.masked && cards.some((c) => c === null))
      unsupported('the event log is redacted: export needs every card');
    return cards.map((c) => (c === null ? '??' : formatCards([c]))).join('');
  };
  const spec = resolveVariant(config.variant);
  const row = phhCodeFor(spec.id, config.structure);
  const sorted = config.seats.slice().sort((a, b) => a.seat - b.seat);
  const tableSeats = sorted.map((s) => s.seat);
  const order = clockwise(sorted.length, leftOfButton({ seats: tableSeats, button: config.button }));
  const seats = order.map((i) => tableSeats[i]);
  const seatCount = seats.length;
  const pos = (seat: number): number => {
    const position = seats.indexOf(seat);
    if (position < 0) unsupported(`seat ${seat} is not dealt in`);
    return position + 1;
  };
  if (config.posts?.length) unsupported('table posts cannot be written as PHH');
  if (events.some((e) => e.type === 'hand-cancelled')) unsupported('a cancelled hand has no PHH result');
  if (events.some((e) => e.type === 'pot-awarded' && (e as Ev<'pot-awarded'>).rake > 0))
    unsupported('raked hands cannot be written as PHH');

  const started = events.find((e) => e.type === 'hand-started') as Ev<'hand-started'> | undefined;
  const ended = events.find((e) => e.type === 'hand-ended') as Ev<'hand-ended'> | undefined;
  if (!started || !ended) unsupported('the event log must hold a whole hand (hand-started … hand-ended)');
  const st = config.stakes;
  const blinds = new Array<number>(seatCount).fill(0);
  const sbSeat = started!.smallBlindSeat;
  const bbSeat = started!.bigBlindSeat;
  if (bbSeat !== null) {
    const standard =
      seatCount === 2 ? sbSeat === seats[1] && bbSeat === seats[0] : sbSeat === seats[0] && bbSeat === seats[1];
    if (standard) [blinds[0], blinds[1]] = [st.smallBlind, st.bigBlind];
    else if (sbSeat === null && bbSeat === seats[0] && seatCount > 2) blinds[0] = st.bigBlind;
    else unsupported('the blinds sit where PHH cannot place them');
  }
  const antes = new Array<number>(seatCount).fill(0);
  const bomb = config.homeGame?.bombPot;
  // A straddle is native PHH: the third blind (p3 posts 2 × the big blind).
  for (const event of events)
    if (event.type === 'forced-bet' && (event as Ev<'forced-bet'>).kind === 'straddle')
      blinds[pos((event as Ev<'forced-bet'>).seat) - 1] = 2 * st.bigBlind;
  if (bomb) antes.fill(bomb.ante);
  else if ((st.ante ?? 0) > 0) {
    if (st.bigBlindAnte) {
      if (bbSeat === null) unsupported('a big-blind ante without a big blind');
      antes[pos(bbSeat!) - 1] = st.ante!;
    } else antes.fill(st.ante!);
  }
  const stackOf = new Map(config.seats.map((s) => [s.seat, s.stack]));
  const finalOf = new Map(ended!.stacks.map((s) => [s.seat, s.stack]));

  const actions: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'hole-dealt': {
        const holeDealt = event as Ev<'hole-dealt'>;
        actions.push(`d dh p${pos(holeDealt.seat)} ${cardsText(holeDealt.cards)}`);
        break;
      }
      case 'board-dealt':
        actions.push(`d db ${formatCards((event as Ev<'board-dealt'>).cards)}`);
        break;
      case 'action': {
        const action = event as Ev<'action'>;
        const player = `p${pos(action.seat)}`;
        actions.push(
          action.action === 'fold'
            ? `${player} f`
            : action.action === 'check' || action.action === 'call'
              ? `${player} cc`
              : action.action === 'bring-in'
                ? `${player} pb`
                : `${player} cbr ${action.to}`,
        );
        break;
      }
      case 'hand-shown': {
        const shown = event as Ev<'hand-shown'>;
        actions.push(`p${pos(shown.seat)} sm ${formatCards(shown.cards)}`);
        break;
      }
      case 'hand-mucked':
        actions.push(`p${pos((event as Ev<'hand-mucked'>).seat)} sm`);
        break;
      case 'x-draw': {
        // Draw games: the discard (`sd`, stand pat when empty), then the cards dealt for it.
        const drawn = event as unknown as {
          seat: number;
          count: number;
          discarded: number[] | null;
          dealt: number[] | null;
        };
        if ((!drawn.discarded || !drawn.dealt) && !opts.masked)
          unsupported('the event log is redacted: export needs every card');
        // Masked: another player's draw shows only its public size.
        const discarded: (number | null)[] = drawn.discarded ?? new Array<null>(drawn.count).fill(null);
        const dealt: (number | null)[] = drawn.dealt ?? new Array<null>(drawn.count).fill(null);
        actions.push(`p${pos(drawn.seat)} sd${discarded.length ? ' ' + cardsText(discarded) : ''}`);
        if (dealt.length) actions.push(`d dh p${pos(drawn.seat)} ${cardsText(dealt)}`);
        break;
      }
      case 'x-split':
        if ((event as unknown as { accept: boolean }).accept)
          unsupported('an accepted split offer cannot be written as PHH');
        break;
      case 'x-draw-started':
      case 'x-reshuffle':
        // Public markers the PHH actions imply.
        break;
      default:
        // Home-game events are written as `_` fields (phh/home.ts).
        if (HOME_EVENTS.has(event.type)) break;
        if (event.type.startsWith('x-')) unsupported(`extension event ${event.type} cannot be written as PHH`);
    }
  }

  const doc: Record<string, unknown> = {
    variant: row ? row.code : NAIKO_VARIANT_CODE,
    ante_trimming_status: !st.bigBlindAnte,
    antes,
    blinds_or_straddles: blinds,
  };
  if (spec.forcedBets.bringIn) doc.bring_in = st.bringIn ?? 2 * (st.ante ?? 0);
  if (config.structure === 'fixed-limit') {
    doc.small_bet = st.smallBet ?? st.bigBlind;
    doc.big_bet = st.bigBet ?? 2 * st.bigBlind;
  } else doc.min_bet = st.bigBlind;
  doc.starting_stacks = seats.map((s) => stackOf.get(s) as number);
  doc.actions = actions;
  doc.finishing_stacks = seats.map((s) => finalOf.get(s) as number);
  if (!row) {
    doc._naiko_variant = spec.id;
    doc._naiko_structure = config.structure;
  }
  if (st.spreadLimits) doc._spread_limits = st.spreadLimits;
  if (st.maxBetsPerRound !== undefined) doc._max_bets_per_round = st.maxBetsPerRound;
  if (seats.some((s, k) => s !== k) || config.button !== seats[seatCount - 1]) {
    doc._seats = seats;
    doc._button = config.button;
  }
  if (config.showdown) doc._showdown = config.showdown;
  // PHH's own convention (PokerKit) is 'posted'; ours defaults to 'full'.
  doc._short_big_blind = config.shortBigBlind ?? 'full';
  Object.assign(doc, homeExportFields(config, events));
  for (const [key, value] of Object.entries(extra)) doc[key] = value;
  return stringify(doc);
}

/**
 * The hand's events as `viewer` saw them at the table, for a download: the engine's own filter
 * (`viewEvent`: other seats' face-down cards, draw discards and replacements, peeks and swaps hidden),
 * plus the face-down cards of a player who showed down, when his shown hand is exactly what he was
 * dealt (no draw of a card, no Sleeve Swap: otherwise the viewer cannot tell which shown card was dealt
 * first, so the first deal stays hidden).
 */
export function eventsSeenBy(events: readonly HandEvent[], viewer: Viewer): HandEvent[] {
  const shown = new Map<number, Set<number>>();
  const changed = new Set<number>();
  for (const event of events) {
    const fields = event as { type: string; seat?: number; cards?: number[]; count?: number; power?: string };
    if (fields.type === 'hand-shown') shown.set(fields.seat!, new Set(fields.cards));
    if (
      (fields.type === 'x-draw' && (fields.count ?? 0) > 0) ||
      (fields.type === 'x-power' && fields.power === 'sleeve-swap')
    )
      changed.add(fields.seat!);
  }
  const out: HandEvent[] = [];
  for (const event of events) {
    const visible = viewEvent(event, viewer);
    if (!visible) continue;
    if (visible.type === 'hole-dealt' && event.type === 'hole-dealt') {
      const full = event as Ev<'hole-dealt'>;
      const mine = shown.get(full.seat);
      if (mine && !changed.has(full.seat)) {
        const seen = visible as Ev<'hole-dealt'>;
        out.push({
          ...seen,
          cards: seen.cards.map((c, k) => (c === null && mine.has(full.cards[k] as number) ? full.cards[k] : c)),
        });
        continue;
      }
    }
    out.push(visible);
  }
  return out;
}

/** The PHH text `viewer` may download: every card he could not see at the table is written '??'. */
export function exportPhhFor(
  config: HandConfig,
  events: readonly HandEvent[],
  viewer: Viewer,
  extra: Record<string, unknown> = {},
): string {
  return exportPhh(config, eventsSeenBy(events, viewer), extra, { masked: true });
}
