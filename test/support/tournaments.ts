// Shared pieces of the scheduled-tournament e2e suites: the fast tournament app module, fast
// settings an admin would send, bot players with chips, and polling until a condition holds (with a
// clear timeout).
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { QUEUES, type TournamentSettingsDto } from '@naiko/contracts';
import { PlatformModule, TournamentsFeatureModule, type TournamentRunnerOptions } from '@naiko/platform';
import type { ChipLedger, PrismaService } from '@naiko/persistence';
import { fastModeStructure } from '@naiko/tournament';

/** apps/tournament with a fast runner: no pause between hands, bots act at once. */
export function fastTournamentModule(runner: Partial<TournamentRunnerOptions> = {}): Type<unknown> {
  const imports: DynamicModule[] = [
    PlatformModule.forRoot({ app: 'tournament', consumeQueues: [QUEUES.system, QUEUES.tournament] }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0, ...runner } }),
  ];
  @Module({ imports })
  class FastTournamentModule {}
  return FastTournamentModule;
}

/** No-limit hold'em, registration open now, the start in a minute (tests move it), fast levels. */
export function fastMttSettings(over: Partial<TournamentSettingsDto> = {}): TournamentSettingsDto {
  const now = Date.now();
  return {
    name: 'Fast MTT',
    game: 'holdem',
    bettingStructure: 'no-limit',
    registrationOpensAt: new Date(now).toISOString(),
    startsAt: new Date(now + 60_000).toISOString(),
    lateRegistrationUntilLevel: 0,
    minEntrants: 2,
    maxEntrants: 100,
    buyIn: 100,
    fee: 10,
    startingStack: 200,
    blindStructure: fastModeStructure(1_000, 300, 4),
    tableSize: 9,
    reEntry: false,
    clock: { decisionMs: 1_000, reconnectMs: 0 },
    ...over,
  };
}

/** Polls `fn` every 50 ms until it returns something truthy; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 120_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `count` bot users named `<prefix><n>`, each with an account holding `chips` (a welcome grant). */
export async function playersWithChips(
  prisma: PrismaService,
  ledger: ChipLedger,
  prefix: string,
  count: number,
  chips: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await prisma.user.create({ data: { username: `${prefix}${++playersMade}`, isBot: true } });
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: chips });
    ids.push(user.id);
  }
  return ids;
}

let playersMade = 0;
