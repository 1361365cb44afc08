// Issue 25 in the web client: a tournament's rebuys and add-on, bounties and satellite seats, as
// the tournament lobby, the tournaments list and the tournament's tables show them, and the
// player's Rebuy / Add-on buttons. Everything is read from `TournamentView.extras`; the server
// decides (the buttons only show what it would accept now, and its typed refusals are shown).
import type { TournamentPlayerExtras, TournamentView } from '@naiko/contracts';
import { h } from '../dom';
import { chips } from '../format';

type Extras = NonNullable<TournamentView['extras']>;

/** Short tags for the tournaments list, from the settings of GET /tournaments. */
export function tournamentTags(settings: {
  rebuys?: unknown;
  bounty?: { kind: string; amount: number };
  satellite?: { targetTournamentId: number };
}): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (settings.bounty)
    out.push(
      h(
        'span',
        { class: 'badge', 'data-testid': 'mtt-tag-bounty' },
        settings.bounty.kind === 'progressive'
          ? `PKO ${chips(settings.bounty.amount)}`
          : `KO ${chips(settings.bounty.amount)}`,
      ),
    );
  if (settings.rebuys) out.push(h('span', { class: 'badge', 'data-testid': 'mtt-tag-rebuy' }, 'rebuy'));
  if (settings.satellite) out.push(h('span', { class: 'badge', 'data-testid': 'mtt-tag-satellite' }, 'satellite'));
  return out;
}

/** The terms and live counts, in words (the tournament lobby). */
export function extrasTerms(v: TournamentView): HTMLElement | null {
  const x = v.extras;
  if (!x || (!x.rebuys && !x.bounty && !x.satellite)) return null;
  const lines: HTMLElement[] = [];
  if (x.rebuys) {
    const r = x.rebuys;
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-rebuy-terms' },
        `Rebuys until level ${r.untilLevel}, at most ${r.maxRebuys} each, `,
        'with a stack at or below the starting stack: ',
        `${chips(r.rebuy.chips)} chips for ${chips(r.rebuy.price)} + ${chips(r.rebuy.fee)}.`,
        r.addOn && ` One add-on ${r.addOn.window === 'break' ? 'in the break after' : 'during'}`,
        r.addOn && ` level ${r.untilLevel}: `,
        r.addOn && `${chips(r.addOn.chips)} chips for ${chips(r.addOn.price)} + ${chips(r.addOn.fee)}.`,
        ` Bought so far: ${r.rebuysBought} rebuys, ${r.addOnsBought} add-ons`,
        r.rebuyOpen ? ' · rebuys open now' : '',
        r.addOnOpen ? ' · add-on open now' : '',
      ),
    );
  }
  if (x.bounty) {
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-bounty-terms' },
        x.bounty.kind === 'progressive'
          ? `Progressive knockout: ${chips(x.bounty.amount)} on every head; ` +
              'whoever busts a player wins half his head in chips and adds half to his own. '
          : `Knockout: ${chips(x.bounty.amount)} for every player you bust. `,
        'Several players busting one player share his bounty by how much of his chips each won (side pots). ',
        h('span', { 'data-testid': 'mtt-bounty-paid' }, `Bounties paid: ${chips(x.bounty.paid)}.`),
      ),
    );
  }
  if (x.satellite) {
    const s = x.satellite;
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-satellite-terms' },
        `Satellite to ${s.targetName ?? `tournament ${s.targetTournamentId}`}: `,
        h('a', { href: `#/tournament/${s.targetTournamentId}` }, 'its lobby'),
        ` · ${s.seats} seat${s.seats === 1 ? '' : 's'} worth ${chips(s.seatValue)} each`,
        ' (registered for you automatically)',
        s.remainder > 0 ? `, ${chips(s.remainder)} in chips to place ${s.seats + 1}` : '',
        '.',
      ),
    );
  }
  return h('ul', { class: 'mtt-extras', 'data-testid': 'mtt-extras' }, lines);
}

const extrasOf = (x: Extras, userId: string | undefined): TournamentPlayerExtras | undefined =>
  userId ? x.players.find((p) => p.userId === userId) : undefined;

/**
 * The Rebuy / Add-on buttons for the signed-in player, shown when the server would sell now (the
 * clock is in the window and his entry qualifies); `buy` posts it.
 */
export function purchaseButtons(
  v: TournamentView,
  userId: string | undefined,
  busy: boolean,
  buy: (what: 'rebuy' | 'add-on') => void,
): HTMLElement[] {
  const r = v.extras?.rebuys;
  const mine = v.entrants.find((e) => e.userId === userId);
  if (!r || v.phase !== 'running' || !mine || mine.seat === null) return [];
  const p = extrasOf(v.extras!, userId);
  const out: HTMLElement[] = [];
  if (r.rebuyOpen && (p?.rebuys ?? 0) < r.maxRebuys && mine.stack <= v.startingStack) {
    out.push(
      h(
        'button',
        { class: 'primary', 'data-testid': 'mtt-rebuy', disabled: busy, onclick: () => buy('rebuy') },
        `Rebuy ${chips(r.rebuy.chips)} chips (${chips(r.rebuy.price + r.rebuy.fee)})`,
      ),
    );
  }
  if (r.addOn && r.addOnOpen && !p?.addOn) {
    out.push(
      h(
        'button',
        { class: 'primary', 'data-testid': 'mtt-add-on', disabled: busy, onclick: () => buy('add-on') },
        `Add-on ${chips(r.addOn.chips)} chips (${chips(r.addOn.price + r.addOn.fee)})`,
      ),
    );
  }
  return out;
}

/** The bounties on every head still in, and what each won (the tournament lobby). */
export function bountyTable(v: TournamentView): HTMLElement | null {
  const x = v.extras;
  if (!x?.bounty) return null;
  const name = new Map(v.entrants.map((e) => [e.userId, e.username]));
  const rows = [...x.players].sort((a, b) => b.head - a.head || b.bountiesWon - a.bountiesWon);
  return h(
    'div',
    {},
    h('h3', {}, 'Bounties'),
    h(
      'table',
      { class: 'list', 'data-testid': 'mtt-bounties' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Player', 'Bounty on his head', 'Bounties won', 'Rebuys', 'Add-on'].map((c) => h('th', {}, c)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((p) =>
          h(
            'tr',
            { 'data-testid': 'mtt-bounty-row' },
            h('td', {}, name.get(p.userId) ?? p.userId.slice(0, 8)),
            h('td', { 'data-testid': 'mtt-head' }, p.head > 0 ? chips(p.head) : 'out'),
            h('td', { 'data-testid': 'mtt-bounties-won' }, chips(p.bountiesWon)),
            h('td', {}, p.rebuys),
            h('td', {}, p.addOn ? 'yes' : ''),
          ),
        ),
      ),
    ),
  );
}

/**
 * At a tournament table: sit out (still dealt in: blinds and antes posted, every decision checked or
 * folded at once — blinded off, as the rules treat an absent tournament player) or come back.
 */
export function awayButton(away: boolean, set: (away: boolean) => void): HTMLElement {
  return away
    ? h(
        'button',
        { class: 'primary', 'data-testid': 'mtt-sit-in', title: 'Play your hands again', onclick: () => set(false) },
        "I'm back",
      )
    : h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'mtt-sit-out',
          title: 'You stay dealt in: your blinds are posted and you check or fold at once',
          onclick: () => set(true),
        },
        'Sit out (blinded off)',
      );
}

/** At a tournament table: the bounty on each head at this table, and the player's purchase buttons. */
export function tableExtras(
  v: TournamentView,
  tableRef: string,
  userId: string | undefined,
  busy: boolean,
  buy: (what: 'rebuy' | 'add-on') => void,
): HTMLElement | null {
  const x = v.extras;
  if (!x) return null;
  const here = v.entrants.filter((e) => e.tableRef === tableRef);
  const heads = x.bounty
    ? here.map((e) => ({ e, p: extrasOf(x, e.userId) })).filter(({ p }) => (p?.head ?? 0) > 0)
    : [];
  const buttons = purchaseButtons(v, userId, busy, buy);
  if (!heads.length && !buttons.length) return null;
  return h(
    'div',
    { class: 'table-extras', 'data-testid': 'table-tournament-extras' },
    heads.length > 0 &&
      h(
        'p',
        { 'data-testid': 'table-bounties' },
        x.bounty!.kind === 'progressive' ? 'Bounties (PKO): ' : 'Bounties: ',
        heads.map(({ e, p }, i) =>
          h('span', { 'data-testid': 'table-bounty' }, i ? ' · ' : '', `${e.username} ${chips(p!.head)}`),
        ),
      ),
    buttons.length > 0 && h('div', { class: 'thumb-bar' }, buttons),
  );
}
