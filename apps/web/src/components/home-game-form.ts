// The home-game options (issue 23) as a host sets them: run it twice, straddle, rabbit hunt, the 7-2
// bounty, bomb pots (ante, every N hands or only when the host calls one, double board). Used by the
// lobby's private-table form and the table page's host panel. Only the options the table's game
// allows are offered (asked of the contracts' `homeGameBodyProblem`, the rule the server applies);
// the others are listed with the reason. Built once per page: the live re-renders never reset what
// the host is choosing (`sync` fills it from the table only while he has not touched it).
import { homeGameBodyProblem, type HomeGameBody } from '@naiko/contracts';
import { h } from '../dom';
import { chips } from '../format';

/** The table the options are for. */
export interface HomeGameTarget {
  game: string;
  structure: string;
  naikoMode?: boolean;
}

type OptionKey = 'runItTwice' | 'straddle' | 'bombPot' | 'sevenDeuceBounty' | 'rabbitHunt';

const OPTION_NAMES: Record<OptionKey, string> = {
  runItTwice: 'Run it twice',
  straddle: 'Straddle',
  bombPot: 'Bomb pot',
  sevenDeuceBounty: '7-2 bounty',
  rabbitHunt: 'Rabbit hunt',
};

/** A value that turns each option on, to ask whether the game allows it. */
const PROBE: Record<OptionKey, HomeGameBody> = {
  runItTwice: { runItTwice: true },
  straddle: { straddle: true },
  bombPot: { bombPot: { ante: 1 } },
  sevenDeuceBounty: { sevenDeuceBounty: 1 },
  rabbitHunt: { rabbitHunt: true },
};

/** Why the game does not allow an option, or null when it does. */
export function optionProblem(target: HomeGameTarget, key: OptionKey): string | null {
  return homeGameBodyProblem({ ...target, homeGame: PROBE[key] })?.message ?? null;
}

/**
 * The options in one short line ("Run it twice · Straddle · Bomb pot 50 every 5 hands, double board"), '' when none.
 */
export function homeGameText(homeGame: HomeGameBody | null | undefined): string {
  if (!homeGame) return '';
  const parts: string[] = [];
  if (homeGame.runItTwice) parts.push('Run it twice');
  if (homeGame.straddle) parts.push('Straddle');
  if (homeGame.bombPot)
    parts.push(
      `Bomb pot ${chips(homeGame.bombPot.ante)} ${homeGame.bombPot.everyHands ? `every ${homeGame.bombPot.everyHands} hands` : 'on demand'}${homeGame.bombPot.doubleBoard ? ', double board' : ''}`,
    );
  if (homeGame.sevenDeuceBounty) parts.push(`7-2 bounty ${chips(homeGame.sevenDeuceBounty)}`);
  if (homeGame.rabbitHunt) parts.push('Rabbit hunt');
  return parts.join(' · ');
}

export interface HomeGameForm {
  /** The fieldset (the same element at every render). */
  el: HTMLElement;
  /** The options chosen, only those the game allows; undefined when none is on. */
  value(): HomeGameBody | undefined;
  /** Shows only the options `target`'s game allows (call when the game or structure changes). */
  setTarget(target: HomeGameTarget): void;
  /**
   * Fills the fields from the table's options when they changed, unless the host changed the fields
   * since (then they are his until `clean`).
   */
  sync(g: HomeGameBody | null | undefined): void;
  /** The fields are the table's again (after saving: they are what was saved). */
  clean(): void;
}

/**
 * `prefix` names the test ids (`private-home` in the lobby, `home` in the host panel), so both forms
 * may be on one page without clashing.
 */
export function homeGameForm(prefix: string, target: HomeGameTarget, defaultBigBlind: () => number): HomeGameForm {
  let dirty = false;
  /** The table's options last filled in (JSON): a render with the same options changes nothing. */
  let synced: string | null = null;
  let current = target;
  const touched = () => {
    dirty = true;
    update();
  };
  const id = (k: string) => `${prefix}-${k}`;
  const box = (k: string) =>
    h('input', { type: 'checkbox', id: id(k), 'data-testid': id(k), onchange: touched }) as HTMLInputElement;
  const runTwice = box('run-twice');
  const straddle = box('straddle');
  const rabbit = box('rabbit-hunt');
  const bounty = h('input', {
    type: 'number',
    id: id('bounty'),
    'data-testid': id('bounty'),
    min: 0,
    step: 1,
    value: 0,
    oninput: touched,
    'aria-describedby': id('bounty-note'),
  }) as HTMLInputElement;
  const bomb = box('bomb-pot');
  const ante = h('input', {
    type: 'number',
    id: id('bomb-ante'),
    'data-testid': id('bomb-ante'),
    min: 1,
    step: 1,
    value: defaultBigBlind(),
    oninput: touched,
  }) as HTMLInputElement;
  const every = h('input', {
    type: 'number',
    id: id('bomb-every'),
    'data-testid': id('bomb-every'),
    min: 2,
    max: 1000,
    step: 1,
    value: 10,
    oninput: touched,
  }) as HTMLInputElement;
  const when = h(
    'select',
    { id: id('bomb-when'), 'data-testid': id('bomb-when'), onchange: touched },
    h('option', { value: 'every' }, 'every N hands'),
    h('option', { value: 'demand' }, 'only when the host calls one'),
  ) as HTMLSelectElement;
  const double = box('bomb-double');

  const row = (key: OptionKey, ...children: (Node | string)[]) =>
    h('div', { class: 'home-option', 'data-option': key }, ...children);
  const rows: Record<OptionKey, HTMLElement> = {
    runItTwice: row(
      'runItTwice',
      h(
        'label',
        { for: id('run-twice') },
        runTwice,
        ' Run it twice (offered when all-in; everyone still in must agree)',
      ),
    ),
    straddle: row(
      'straddle',
      h('label', { for: id('straddle') }, straddle, ' Straddle (UTG posts 2 × the big blind, 4+ players)'),
    ),
    rabbitHunt: row(
      'rabbitHunt',
      h('label', { for: id('rabbit-hunt') }, rabbit, ' Rabbit hunt (show the board that would have come)'),
    ),
    sevenDeuceBounty: row(
      'sevenDeuceBounty',
      h('label', { for: id('bounty') }, '7-2 bounty ', bounty),
      h(
        'span',
        { id: id('bounty-note'), class: 'muted small' },
        ' chips each other player pays a shown 7-2 winner; 0 = off',
      ),
    ),
    bombPot: row(
      'bombPot',
      h('label', { for: id('bomb-pot') }, bomb, ' Bomb pots'),
      h(
        'span',
        { class: 'bomb-details', 'data-testid': id('bomb-details') },
        h('label', { for: id('bomb-ante') }, ' ante ', ante),
        h('label', { for: id('bomb-when') }, ' dealt ', when),
        h('label', { for: id('bomb-every') }, ' N = ', every),
        h('label', { for: id('bomb-double') }, double, ' double board'),
      ),
    ),
  };
  const unavailable = h('p', { class: 'muted small', 'data-testid': id('unavailable') });
  const el = h(
    'fieldset',
    { class: 'home-game', 'data-testid': id('options') },
    h('legend', {}, 'Home-game options'),
    ...Object.values(rows),
    unavailable,
  );

  function update(): void {
    const refused: string[] = [];
    for (const key of Object.keys(rows) as OptionKey[]) {
      const why = optionProblem(current, key);
      rows[key].hidden = why !== null;
      if (why) refused.push(`${OPTION_NAMES[key]}: ${why}`);
    }
    unavailable.textContent = refused.length ? `Not offered for this game — ${refused.join('; ')}.` : '';
    const on = bomb.checked;
    for (const input of [ante, when, every, double]) input.disabled = !on;
    every.disabled = !on || when.value === 'demand';
  }

  const allowed = (key: OptionKey) => optionProblem(current, key) === null;
  update();

  return {
    el,
    value() {
      const out: HomeGameBody = {};
      if (allowed('runItTwice') && runTwice.checked) out.runItTwice = true;
      if (allowed('straddle') && straddle.checked) out.straddle = true;
      if (allowed('rabbitHunt') && rabbit.checked) out.rabbitHunt = true;
      const bountyAmount = Math.floor(Number(bounty.value));
      if (allowed('sevenDeuceBounty') && bountyAmount > 0) out.sevenDeuceBounty = bountyAmount;
      if (allowed('bombPot') && bomb.checked) {
        out.bombPot = {
          ante: Math.floor(Number(ante.value)),
          everyHands: when.value === 'demand' ? null : Math.floor(Number(every.value)),
          ...(double.checked ? { doubleBoard: true } : {}),
        };
      }
      return Object.keys(out).length ? out : undefined;
    },
    setTarget(target) {
      current = target;
      update();
    },
    sync(homeGame) {
      const key = JSON.stringify(homeGame ?? null);
      if (dirty || key === synced) return;
      synced = key;
      runTwice.checked = !!homeGame?.runItTwice;
      straddle.checked = !!homeGame?.straddle;
      rabbit.checked = !!homeGame?.rabbitHunt;
      bounty.value = String(homeGame?.sevenDeuceBounty ?? 0);
      bomb.checked = !!homeGame?.bombPot;
      if (homeGame?.bombPot) {
        ante.value = String(homeGame.bombPot.ante);
        when.value = homeGame.bombPot.everyHands ? 'every' : 'demand';
        if (homeGame.bombPot.everyHands) every.value = String(homeGame.bombPot.everyHands);
        double.checked = !!homeGame.bombPot.doubleBoard;
      }
      update();
    },
    clean() {
      dirty = false;
    },
  };
}
