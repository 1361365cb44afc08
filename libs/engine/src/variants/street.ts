import type { StreetSpec } from './types';

/** A street with a betting round (stud and draw specs): what it deals, its limit bet, spread level and opener. */
export const bettingStreet = (
  name: string,
  deal: StreetSpec['deal'],
  limitBet: 'small' | 'big',
  spreadLevel: number,
  opener: string,
): StreetSpec => ({
  name,
  deal,
  betting: true,
  limitBet,
  spreadLevel,
  opener,
});
