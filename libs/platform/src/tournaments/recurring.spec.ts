// The room's recurring tournament: start slots on the clock and settings the admin API accepts.
import { parseSettings } from './tournament-config';
import { nextSlot, recurringSettings } from './recurring';
import { loadRoomConfig } from '../room/room-config';
import { join } from 'node:path';

const MINUTE = 60_000;

describe('recurring tournament', () => {
  it('starts on the clock: the next full hour after now (60-minute slots)', () => {
    const at = Date.UTC(2026, 11, 1, 14, 57, 30);
    expect(new Date(nextSlot(at, 60) * MINUTE).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    // Exactly on the hour: that start is now, the next one is an hour later.
    expect(new Date(nextSlot(Date.UTC(2026, 11, 1, 15, 0, 0), 60) * MINUTE).toISOString()).toBe(
      '2026-12-01T16:00:00.000Z',
    );
    expect(new Date(nextSlot(at, 15) * MINUTE).toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });

  it("config/room.json's hourly tournament gives settings the tournament API accepts", () => {
    const hourly = loadRoomConfig({
      ROOM_CONFIG: join(__dirname, '..', '..', '..', '..', 'config', 'room.json'),
    })!.hourlyTournament!;
    const now = Date.UTC(2026, 11, 1, 14, 10);
    const settings = parseSettings(recurringSettings(hourly, nextSlot(now, hourly.everyMinutes), now));
    expect(settings.startsAt).toBe('2026-12-01T15:00:00.000Z');
    // Registration opens at the announcement (not before now).
    expect(Date.parse(settings.registrationOpensAt)).toBe(
      Math.min(now, Date.parse(settings.startsAt!) - hourly.announceMinutes * MINUTE),
    );
    expect(settings.blindStructure.steps[0]).toMatchObject({ kind: 'level', durationMs: hourly.levelMinutes * MINUTE });
  });
});
