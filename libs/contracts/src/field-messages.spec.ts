// Refusals name the field in words and say what to do (issue 22).
import { CreateTableBody } from './lobby/tables-http';
import { TournamentSettingsDto } from './tournaments/admin';
import { issuesMessage } from './field-messages';

const table = {
  name: 'T',
  game: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 1, bigBlind: 2 },
  buyIn: { min: 40, max: 200 },
  seats: 6,
};

describe('field messages', () => {
  it('a table with a zero big blind and a blank name', () => {
    const result = CreateTableBody.safeParse({ ...table, name: '   ', stakes: { smallBlind: 0, bigBlind: 0 } });
    expect(result.success).toBe(false);
    expect(issuesMessage(result.error!)).toBe('Name must not be blank. Big blind must be at least 1.');
  });

  it('too many seats, a missing game, an unknown structure', () => {
    const { game: _game, ...noGame } = table;
    const result = CreateTableBody.safeParse({ ...noGame, seats: 12, structure: 'wild' });
    expect(issuesMessage(result.error!, { ...noGame, seats: 12, structure: 'wild' })).toBe(
      'Game is required. Betting structure must be one of no-limit, pot-limit, half-pot-limit, fixed-limit, spread-limit. Seats must be at most 10.',
    );
  });

  it('a tournament with a blank name and an absurd buy-in', () => {
    const result = TournamentSettingsDto.pick({ name: true, buyIn: true }).safeParse({
      name: ' ',
      buyIn: 1_000_000_000_000,
    });
    expect(issuesMessage(result.error!)).toBe('Name must not be blank. Buy-in must be at most 10,000,000.');
  });
});
