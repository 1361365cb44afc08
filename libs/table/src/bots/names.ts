import { randomBelow, type RandomSource } from '../rng';

/** Bots are named and flagged BOT everywhere (docs/rules/naiko.de.txt §7): every bot name starts with "BOT ". */
export const BOT_PREFIX = 'BOT ';

const NAMES = [
  'Ada',
  'Basil',
  'Cleo',
  'Dario',
  'Edda',
  'Finn',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Lars',
  'Mara',
  'Nils',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sven',
  'Tilda',
  'Ugo',
  'Vera',
  'Wim',
  'Yara',
  'Zeno',
];

export interface BotIdentity {
  playerId: string;
  name: string;
  isBot: true;
}

export const isBotName = (name: string): boolean => name.startsWith(BOT_PREFIX);

/** A fresh bot identity whose name is not in `takenNames`; ids are `bot:<name>` (with a number when names repeat). */
export function makeBotIdentity(rng: RandomSource, takenNames: readonly string[]): BotIdentity {
  const taken = new Set(takenNames);
  const start = randomBelow(rng, NAMES.length);
  for (let round = 0; ; round++) {
    for (let i = 0; i < NAMES.length; i++) {
      const base = NAMES[(start + i) % NAMES.length];
      const name = `${BOT_PREFIX}${base}${round ? ` ${round + 1}` : ''}`;
      if (!taken.has(name))
        return { playerId: `bot:${base.toLowerCase()}${round ? `-${round + 1}` : ''}`, name, isBot: true };
    }
  }
}
