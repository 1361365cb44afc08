// Issue 25 in the web client: a tournament's rebuys and add-on, bounties and satellite seats, as
// the tournament lobby, the tournaments list and the tournament's tables show them, and the
// player's Rebuy / Add-on buttons. The lobby reads `TournamentView.extras`, the buttons and the
// table's bounties the player's own part (`TournamentYouView`); the server decides (the buttons only
// show what it would accept now, and its typed refusals are shown).
import type { TournamentView, TournamentYouView } from '@naiko/contracts';
import { h } from '../dom';
import { chips } from '../format';

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
export function extrasTerms(view: TournamentView): HTMLElement | null {
  const extras = view.extras;
  if (!extras || (!extras.rebuys && !extras.bounty && !extras.satellite)) return null;
  const lines: HTMLElement[] = [];
  if (extras.rebuys) {
    const rebuys = extras.rebuys;
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-rebuy-terms' },
        `Rebuys until level ${rebuys.untilLevel}, at most ${rebuys.maxRebuys} each, `,
        'with a stack at or below the starting stack: ',
        `${chips(rebuys.rebuy.chips)} chips for ${chips(rebuys.rebuy.price)} + ${chips(rebuys.rebuy.fee)}.`,
        rebuys.addOn && ` One add-on ${rebuys.addOn.window === 'break' ? 'in the break after' : 'during'}`,
        rebuys.addOn && ` level ${rebuys.untilLevel}: `,
        rebuys.addOn &&
          `${chips(rebuys.addOn.chips)} chips for ${chips(rebuys.addOn.price)} + ${chips(rebuys.addOn.fee)}.`,
        ` Bought so far: ${rebuys.rebuysBought} rebuys, ${rebuys.addOnsBought} add-ons`,
        rebuys.rebuyOpen ? ' · rebuys open now' : '',
        rebuys.addOnOpen ? ' · add-on open now' : '',
      ),
    );
  }
  if (extras.bounty) {
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-bounty-terms' },
        extras.bounty.kind === 'progressive'
          ? `Progressive knockout: ${chips(extras.bounty.amount)} on every head; ` +
              'whoever busts a player wins half his head in chips and adds half to his own. '
          : `Knockout: ${chips(extras.bounty.amount)} for every player you bust. `,
        'Several players busting one player share his bounty by how much of his chips each won (side pots). ',
        h('span', { 'data-testid': 'mtt-bounty-paid' }, `Bounties paid: ${chips(extras.bounty.paid)}.`),
      ),
    );
  }
  if (extras.satellite) {
    const satellite = extras.satellite;
    lines.push(
      h(
        'li',
        { 'data-testid': 'mtt-satellite-terms' },
        `Satellite to ${satellite.targetName ?? `tournament ${satellite.targetTournamentId}`}: `,
        h('a', { href: `#/tournament/${satellite.targetTournamentId}` }, 'its lobby'),
        ` · ${satellite.seats} seat${satellite.seats === 1 ? '' : 's'} worth ${chips(satellite.seatValue)} each`,
        ' (registered for you automatically)',
        satellite.remainder > 0 ? `, ${chips(satellite.remainder)} in chips to place ${satellite.seats + 1}` : '',
        '.',
      ),
    );
  }
  return h('ul', { class: 'mtt-extras', 'data-testid': 'mtt-extras' }, lines);
}

/**
 * The Rebuy / Add-on buttons for the signed-in player, shown when the server would sell now (the
 * clock is in the window and his entry qualifies); `buy` posts it.
 */
export function purchaseButtons(
  you: TournamentYouView | null,
  busy: boolean,
  buy: (what: 'rebuy' | 'add-on') => void,
): HTMLElement[] {
  const rebuys = you?.rebuys;
  const mine = you?.entrant;
  if (!you || !rebuys || you.phase !== 'running' || !mine || mine.seat === null) return [];
  const out: HTMLElement[] = [];
  if (rebuys.rebuyOpen && (you.extras?.rebuys ?? 0) < rebuys.maxRebuys && mine.stack <= you.startingStack) {
    out.push(
      h(
        'button',
        { class: 'primary', 'data-testid': 'mtt-rebuy', disabled: busy, onclick: () => buy('rebuy') },
        `Rebuy ${chips(rebuys.rebuy.chips)} chips (${chips(rebuys.rebuy.price + rebuys.rebuy.fee)})`,
      ),
    );
  }
  if (rebuys.addOn && rebuys.addOnOpen && !you.extras?.addOn) {
    out.push(
      h(
        'button',
        { class: 'primary', 'data-testid': 'mtt-add-on', disabled: busy, onclick: () => buy('add-on') },
        `Add-on ${chips(rebuys.addOn.chips)} chips (${chips(rebuys.addOn.price + rebuys.addOn.fee)})`,
      ),
    );
  }
  return out;
}

/** The bounties on every head still in, and what each won (the tournament lobby). */
export function bountyTable(view: TournamentView): HTMLElement | null {
  const extras = view.extras;
  if (!extras?.bounty) return null;
  const name = new Map(view.entrants.map((e) => [e.userId, e.username]));
  const rows = [...extras.players].sort((a, b) => b.head - a.head || b.bountiesWon - a.bountiesWon);
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
        rows.map((extras) =>
          h(
            'tr',
            { 'data-testid': 'mtt-bounty-row' },
            h('td', {}, name.get(extras.userId) ?? extras.userId.slice(0, 8)),
            h('td', { 'data-testid': 'mtt-head' }, extras.head > 0 ? chips(extras.head) : 'out'),
            h('td', { 'data-testid': 'mtt-bounties-won' }, chips(extras.bountiesWon)),
            h('td', {}, extras.rebuys),
            h('td', {}, extras.addOn ? 'yes' : ''),
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
  you: TournamentYouView,
  busy: boolean,
  buy: (what: 'rebuy' | 'add-on') => void,
): HTMLElement | null {
  const heads = you.bounty ? you.heads : [];
  const buttons = purchaseButtons(you, busy, buy);
  if (!heads.length && !buttons.length) return null;
  return h(
    'div',
    { class: 'table-extras', 'data-testid': 'table-tournament-extras' },
    heads.length > 0 &&
      h(
        'p',
        { 'data-testid': 'table-bounties' },
        you.bounty!.kind === 'progressive' ? 'Bounties (PKO): ' : 'Bounties: ',
        heads.map((head, i) =>
          h('span', { 'data-testid': 'table-bounty' }, i ? ' · ' : '', `${head.username} ${chips(head.head)}`),
        ),
      ),
    buttons.length > 0 && h('div', { class: 'thumb-bar' }, buttons),
  );
}
