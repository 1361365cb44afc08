import { DEFAULT_SPIN_TABLE, SIT_AND_GO_FORMAT, sitAndGoPrizeTable, spinPrizeTable } from '@naiko/tournament';
import { lifecycleFormatOf, parseSettings, prizeTableOf } from '../tournaments/tournament-config';
import { DEFAULT_TEMPLATES, fastTemplate } from './templates';
import { tournamentSettingsOf } from './template-settings';

const TEMPLATES = [
  ...DEFAULT_TEMPLATES,
  ...DEFAULT_TEMPLATES.map((template) => fastTemplate(template, `${template.templateId}-fast`)),
  { ...DEFAULT_TEMPLATES[0], templateId: 'custom-prizes', prizeTable: { ...sitAndGoPrizeTable(DEFAULT_TEMPLATES[0]) } },
];

describe('a Sit & Go template as the settings of a tournament without a start time', () => {
  test.each(TEMPLATES.map((template) => [template.templateId, template] as const))(
    '%s: the tournament takes its settings, with the Sit & Go lifecycle, its seats and its prizes',
    (_id, template) => {
      const settings = parseSettings(tournamentSettingsOf(template, 7, Date.parse('2026-12-03T12:00:00Z')));
      expect(settings).toMatchObject({
        name: `${template.name} #7`,
        minEntrants: template.seats,
        maxEntrants: template.seats,
        tableSize: template.seats,
        buyIn: template.buyIn,
        fee: template.entryFee,
        startingStack: template.startingStack,
      });
      expect(settings.startsAt).toBeUndefined();
      expect(lifecycleFormatOf(settings)).toBe(SIT_AND_GO_FORMAT);
      if (template.kind === 'spin') {
        expect(settings.spin).toEqual(DEFAULT_SPIN_TABLE);
        const drawn = DEFAULT_SPIN_TABLE.entries[4];
        expect(prizeTableOf(settings, template.seats, drawn.multiplier)).toEqual(spinPrizeTable(drawn));
      } else {
        expect(prizeTableOf(settings, template.seats)).toEqual(sitAndGoPrizeTable(template));
      }
    },
  );

  test('a spread-limit template is refused (a tournament does not deal it)', () => {
    expect(() => tournamentSettingsOf({ ...DEFAULT_TEMPLATES[0], bettingStructure: 'spread-limit' }, 1)).toThrow(
      /spread-limit/,
    );
  });
});
