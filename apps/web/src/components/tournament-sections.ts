// The read-only sections of one scheduled tournament's page (pages/tournament.ts), rendered from its
// `TournamentLobbyView`: the facts at the top (status, Spin, entries, prize pool, level clock, seat
// draw), the prize table, the entrants, the tables and the blind structure. Separate from the page,
// which owns the state, the live updates and the player's buttons: these only turn a view into DOM.
import type { TournamentLobbyView, TournamentView } from '@naiko/contracts';
import { h } from '../dom';
import { chips, GAME_NAMES, STRUCTURE_NAMES } from '../format';
import { extrasTerms } from './tournament-extras';

/** What a section adds to the page: elements, and the falsy leftovers of `condition && h(...)`. */
type Part = HTMLElement | string | false | null;

/** "when full (9), at the latest <time>", "when full (3)" without a start time, or the start time. */
export function startsText(view: Pick<TournamentView, 'startWhenFull' | 'maxEntrants' | 'startsAt'>): string {
  const at = view.startsAt ? new Date(view.startsAt).toLocaleString() : '';
  if (!view.startWhenFull) return at;
  return `when full (${view.maxEntrants})${at ? `, at the latest ${at}` : ''}`;
}

/** The level clock's line: the step, then the seconds to the next one (the page ticks it twice a second). */
export function levelClockText(clock: NonNullable<TournamentView['clock']>, paused: TournamentLobbyView['paused']) {
  const left = clock.nextStepAt === null ? null : Math.max(0, Math.ceil((clock.nextStepAt - Date.now()) / 1000));
  const step =
    clock.kind === 'break'
      ? 'Break'
      : `Level ${clock.levelNumber}: ${chips(clock.smallBlind)}/${chips(clock.bigBlind)}${clock.ante ? ` ante ${chips(clock.ante)}` : ''}`;
  // Paused (issue 25): the clock is held until play resumes.
  if (paused) return `${step} · clock stopped`;
  return `${step}${left === null ? '' : ` · next in ${left} s`}`;
}

/** The name and the facts above the player's buttons. */
export function tournamentFacts(current: TournamentLobbyView): Part[] {
  return [
    h('h2', {}, current.name),
    h(
      'p',
      { 'data-testid': 'mtt-phase', 'data-phase': current.phase },
      `Status: ${current.phase} · ${GAME_NAMES[current.game] ?? current.game} ${STRUCTURE_NAMES[current.bettingStructure] ?? current.bettingStructure} · starts ${startsText(current)}`,
    ),
    current.spin
      ? h(
          'p',
          { 'data-testid': 'mtt-spin' },
          current.spin.multiplier === null
            ? `Spin: the prize multiplier is drawn at the start (table ${current.spin.table}, commitment ${current.spin.commitment.slice(0, 16)}…)`
            : `Spin: prize ×${current.spin.multiplier} = ${chips(current.prizePool)}${current.spin.seed ? ` · seed ${current.spin.seed}` : ''}`,
        )
      : null,
    h(
      'p',
      {},
      h('span', { 'data-testid': 'mtt-entry-count', 'data-count': current.entries }, `${current.entries} entries`),
      ` (min ${current.minEntrants}, max ${current.maxEntrants})`,
      ` · ${current.playersLeft} players left · buy-in ${chips(current.buyIn)} + ${chips(current.fee)} · stack ${chips(current.startingStack)}`,
      current.reEntry ? ' · re-entry allowed' : '',
      current.lateRegistrationUntilLevel > 0
        ? ` · late registration until level ${current.lateRegistrationUntilLevel}`
        : '',
    ),
    h(
      'p',
      { 'data-testid': 'mtt-pool' },
      `Prize pool ${chips(current.prizePool)} · ${current.placesPaid} paid · average stack ${chips(current.averageStack)}${current.handForHand ? ' · hand for hand' : ''}`,
    ),
    current.clock && h('p', { 'data-testid': 'level-clock' }, levelClockText(current.clock, current.paused)),
    extrasTerms(current),
    // The committed seat draw (issue 19.1): the commitment from the start, the seed once it has ended.
    current.seatDraw.commitment &&
      h(
        'p',
        {
          class: 'muted',
          'data-testid': 'mtt-seat-draw',
          title:
            'SHA-256 of "naiko-mtt-seats-v1|<seed>"; the seed and the start\'s seating are published when the tournament has ended',
        },
        `Seat draw committed: ${current.seatDraw.commitment.slice(0, 16)}…${current.seatDraw.seed ? ` · seed ${current.seatDraw.seed}` : ''}`,
      ),
  ];
}

export function prizeTable(current: TournamentLobbyView): Part[] {
  return [
    h('h3', {}, 'Prize table'),
    h(
      'table',
      { class: 'list', 'data-testid': 'mtt-prize-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Places', 'Share', 'Prize each'].map((title) => h('th', {}, title)),
        ),
      ),
      h(
        'tbody',
        {},
        current.prizeTable.map((row) =>
          h(
            'tr',
            {},
            h('td', {}, row.places),
            h('td', {}, row.percent),
            h('td', {}, row.chipsEach === null ? '' : chips(row.chipsEach)),
          ),
        ),
      ),
    ),
  ];
}

/** The entrants the lobby lists (the first in the standings); the player's own row is marked. */
export function entrantsTable(current: TournamentLobbyView, myId: string | undefined): Part[] {
  return [
    h('h3', {}, `Entrants (${current.entrantCount})`),
    current.entrantCount > current.entrants.length &&
      h(
        'p',
        { class: 'muted', 'data-testid': 'mtt-entrants-more' },
        `The first ${current.entrants.length} in the standings; find anyone else by name.`,
      ),
    h(
      'table',
      { class: 'list', 'data-testid': 'mtt-entrants' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Player', 'Entries', 'Table', 'Seat', 'Stack', 'Place', 'Prize'].map((title) => h('th', {}, title)),
        ),
      ),
      h(
        'tbody',
        {},
        current.entrants.map((entrant) =>
          h(
            'tr',
            { 'data-testid': 'mtt-entrant', class: entrant.userId === myId ? 'mine' : '' },
            h('td', {}, entrant.username, entrant.userId === myId && ' (you)'),
            h('td', {}, entrant.entries),
            h('td', {}, entrant.table ?? ''),
            h('td', {}, entrant.seat === null ? '' : entrant.seat + 1),
            h('td', {}, chips(entrant.stack)),
            h('td', {}, entrant.place ?? ''),
            h('td', {}, entrant.prize ? chips(entrant.prize) : ''),
          ),
        ),
      ),
    ),
  ];
}

/** The tournament's tables (the first ones of a big event); while it runs, each links to its table page. */
export function tablesTable(current: TournamentLobbyView): Part[] {
  return [
    h('h3', {}, `Tables (${current.tableCount}) · ${current.handsPlayed} hands played`),
    current.tableCount > current.tables.length &&
      h(
        'p',
        { class: 'muted', 'data-testid': 'mtt-tables-more' },
        `The first ${current.tables.length} of ${current.tableCount} tables, by number; find a player to see his table.`,
      ),
    h(
      'table',
      { class: 'list', 'data-testid': 'mtt-tables' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Table', 'Players', 'Hands', ''].map((title) => h('th', {}, title)),
        ),
      ),
      h(
        'tbody',
        {},
        current.tables.length === 0 &&
          h('tr', {}, h('td', { colspan: 4, class: 'muted' }, 'Tables are drawn at the start.')),
        current.tables.map((tableRow) =>
          h(
            'tr',
            { 'data-testid': 'mtt-table' },
            h(
              'td',
              {},
              current.phase === 'running'
                ? h('a', { href: `#/table/${tableRow.tableRef}` }, `Table ${tableRow.tableId}`)
                : `Table ${tableRow.tableId}`,
            ),
            h('td', {}, tableRow.players),
            h('td', {}, tableRow.handsPlayed),
            h('td', {}, tableRow.handInProgress ? 'hand in progress' : ''),
          ),
        ),
      ),
    ),
  ];
}

/** The blind structure, folded; the current step is marked. */
export function blindStructure(current: TournamentLobbyView): HTMLElement {
  return h(
    'details',
    { 'data-testid': 'mtt-structure' },
    h('summary', {}, `Blind structure (${current.structure.length} steps)`),
    h(
      'ol',
      {},
      current.structure.map((step) =>
        h(
          'li',
          { class: current.clock?.stepIndex === step.stepIndex ? 'mine' : '' },
          step.kind === 'break'
            ? `Break ${Math.round(step.durationMs / 1000)} s`
            : `Level ${step.levelNumber}: ${chips(step.smallBlind ?? 0)}/${chips(step.bigBlind ?? 0)}${step.ante ? ` ante ${chips(step.ante)}` : ''} · ${Math.round(step.durationMs / 1000)} s`,
          // The current step is marked in words too, not by its colour alone.
          current.clock?.stepIndex === step.stepIndex && h('strong', {}, ' (now)'),
        ),
      ),
    ),
  );
}
