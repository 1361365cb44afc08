// The admin's blind-structure editor (issue 25): a template (turbo, regular, deep) loaded for the
// starting stack, or levels suggested from the stack, the wanted duration and the expected entrants
// (POST /tournament-structures/suggest); then every level and break is editable (blinds, ante,
// minutes), rows can be added and removed. Built once: the admin page keeps what was typed.
import { api } from '../api';
import { h, mount } from '../dom';

export interface EditorStep {
  kind: 'level' | 'break';
  smallBlind?: number;
  bigBlind?: number;
  ante?: number;
  anteKind?: 'none' | 'ante' | 'big-blind-ante';
  durationMs: number;
}

export interface StructureEditor {
  element: HTMLElement;
  /** The structure as edited, or an error text saying what to fix. */
  structure(): { name: string; steps: EditorStep[] } | string;
}

const MINUTE = 60_000;

export function structureEditor(startingStack: () => number, onMessage: (text: string) => void): StructureEditor {
  let name = 'Regular';
  let steps: EditorStep[] = [];
  const template = h(
    'select',
    { 'data-testid': 'se-template', 'aria-label': 'Structure template' },
    ...['turbo', 'regular', 'deep'].map((t) => h('option', { value: t, selected: t === 'regular' }, t)),
  ) as HTMLSelectElement;
  const hours = h('input', {
    type: 'number',
    'data-testid': 'se-hours',
    value: 4,
    min: 1,
    step: 0.5,
    'aria-label': 'Wanted duration in hours',
  }) as HTMLInputElement;
  const entrants = h('input', {
    type: 'number',
    'data-testid': 'se-entrants',
    value: 90,
    min: 2,
    'aria-label': 'Expected entrants',
  }) as HTMLInputElement;
  const rows = h('tbody', {});
  const count = h('span', { 'data-testid': 'se-count' });

  const useSteps = (label: string, list: EditorStep[]) => {
    name = label;
    steps = list.map((s) => ({ ...s }));
    draw();
  };
  const load = async (suggest: boolean) => {
    try {
      if (suggest) {
        const created = await api<{ name: string; steps: EditorStep[] }>('POST', '/tournament-structures/suggest', {
          startingStack: startingStack(),
          durationMs: Math.round(Number(hours.value) * 3_600_000),
          expectedEntrants: Number(entrants.value),
          template: template.value,
        });
        useSteps(`Suggested ${template.value}`, created.steps);
        onMessage(`${created.steps.filter((x) => x.kind === 'level').length} levels suggested`);
      } else {
        const all = await api<{ name: string; structure: { steps: EditorStep[] } }[]>(
          'GET',
          `/tournament-structures?startingStack=${startingStack()}`,
        );
        const chosen = all.find((x) => x.name === template.value)!;
        useSteps(template.value, chosen.structure.steps);
      }
    } catch (error) {
      onMessage(error instanceof Error ? error.message : String(error));
    }
  };

  const num = (value: number | undefined, label: string, set: (v: number) => void, testId: string) =>
    h('input', {
      type: 'number',
      min: 0,
      value: value ?? 0,
      size: 6,
      'aria-label': label,
      'data-testid': testId,
      onchange: (e: Event) => set(Number((e.target as HTMLInputElement).value)),
    });

  function draw(): void {
    let level = 0;
    const levels = steps.filter((s) => s.kind === 'level').length;
    count.textContent = `${levels} levels, ${steps.length - levels} breaks`;
    mount(
      rows,
      steps.map((step, index) => {
        const levelNumber = step.kind === 'level' ? ++level : level;
        const remove = h(
          'button',
          {
            type: 'button',
            class: 'small secondary',
            'data-testid': 'se-remove',
            'aria-label': `Remove row ${index + 1}`,
            onclick: () => (steps.splice(index, 1), draw()),
          },
          '✕',
        );
        const minutes = num(
          step.durationMs / MINUTE,
          `Minutes of row ${index + 1}`,
          (v) => (step.durationMs = Math.round(v * MINUTE)),
          'se-minutes',
        );
        if (step.kind === 'break')
          return h(
            'tr',
            { 'data-testid': 'se-row', 'data-kind': 'break' },
            h('td', {}, 'Break'),
            h('td', { colspan: 3 }),
            h('td', {}, minutes),
            h('td', {}, remove),
          );
        return h(
          'tr',
          { 'data-testid': 'se-row', 'data-kind': 'level' },
          h('td', {}, `Level ${levelNumber}`),
          h(
            'td',
            {},
            num(step.smallBlind, `Small blind of level ${levelNumber}`, (v) => (step.smallBlind = v), 'se-sb'),
          ),
          h(
            'td',
            {},
            num(step.bigBlind, `Big blind of level ${levelNumber}`, (v) => (step.bigBlind = v), 'se-bb'),
          ),
          h(
            'td',
            {},
            num(
              step.ante,
              `Ante of level ${levelNumber}`,
              (ante) => (
                (step.ante = ante),
                (step.anteKind = ante === 0 ? 'none' : step.anteKind === 'none' ? 'ante' : step.anteKind)
              ),
              'se-ante',
            ),
          ),
          h('td', {}, minutes),
          h('td', {}, remove),
        );
      }),
    );
  }

  const add = (kind: 'level' | 'break') => {
    const last = [...steps].reverse().find((s) => s.kind === 'level');
    const bb = last?.bigBlind ? last.bigBlind * 2 : 100;
    steps.push(
      kind === 'break'
        ? { kind, durationMs: 5 * MINUTE }
        : {
            kind,
            smallBlind: bb / 2,
            bigBlind: bb,
            ante: 0,
            anteKind: 'none',
            durationMs: last?.durationMs ?? 10 * MINUTE,
          },
    );
    draw();
  };

  const element = h(
    'fieldset',
    { class: 'structure-editor', 'data-testid': 'structure-editor' },
    h('legend', {}, 'Blind structure'),
    h(
      'div',
      { class: 'inline' },
      h('label', {}, 'Template ', template),
      h(
        'button',
        { type: 'button', class: 'small', 'data-testid': 'se-load', onclick: () => void load(false) },
        'Load template',
      ),
      h('label', {}, 'Hours ', hours),
      h('label', {}, 'Expected entrants ', entrants),
      h(
        'button',
        { type: 'button', class: 'small', 'data-testid': 'se-suggest', onclick: () => void load(true) },
        'Suggest levels',
      ),
    ),
    h('p', { class: 'muted' }, count),
    h(
      'table',
      { class: 'list', 'data-testid': 'se-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Step', 'Small blind', 'Big blind', 'Ante', 'Minutes', ''].map((c) => h('th', {}, c)),
        ),
      ),
      rows,
    ),
    h(
      'div',
      { class: 'inline' },
      h(
        'button',
        { type: 'button', class: 'small secondary', 'data-testid': 'se-add-level', onclick: () => add('level') },
        'Add level',
      ),
      h(
        'button',
        { type: 'button', class: 'small secondary', 'data-testid': 'se-add-break', onclick: () => add('break') },
        'Add break',
      ),
    ),
  );

  return {
    element,
    structure() {
      if (steps.length === 0) return 'Blind structure: load a template or suggest levels first.';
      for (const [index, step] of steps.entries()) {
        if (!(step.durationMs > 0)) return `Row ${index + 1}: minutes must be more than 0.`;
        if (
          step.kind === 'level' &&
          !(
            Number.isInteger(step.smallBlind) &&
            Number.isInteger(step.bigBlind) &&
            step.bigBlind! >= step.smallBlind! &&
            step.smallBlind! > 0
          )
        ) {
          return `Row ${index + 1}: blinds are whole numbers, the big blind at least the small blind.`;
        }
      }
      return { name, steps: steps.map((s) => ({ ...s })) };
    },
  };
}
