/**
 * The tournament modules hold no Prisma query (issue 24 item 4): every statement is a named
 * repository's in libs/persistence/src/tournaments (MttRowsRepository, TournamentPurchaseRepository,
 * BountyRepository, DealRepository, TournamentPauseRepository, TournamentPrizeRepository,
 * PrivateEventRepository, TournamentViewRepository, TournamentRepository). A module passes a handle
 * (the client or its transaction) to a repository; it never runs SQL or a Prisma model call on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = readdirSync(__dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'));

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'raw SQL', pattern: /\.\s*\$(?:query|execute)Raw(?:Unsafe)?\b/ },
  {
    what: 'a Prisma model call',
    pattern:
      /\b(?:prisma|tx|db)\s*\.\s*[a-z]\w*\s*\.\s*(?:findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\s*\(/,
  },
];

/**
 * Transactions the modules still open on the client themselves (no statement in them): the
 * repeatable-read read of tests and tools, and the table runner's ownership fence.
 */
const TRANSACTIONS_ALLOWED = new Set(['mtt-rows.ts', 'clustered-tables.ts']);

describe('the tournament modules reach the database through named repositories only', () => {
  test('the folder has sources to check', () => {
    expect(SOURCES.length).toBeGreaterThan(20);
  });

  test.each(SOURCES)('%s runs no statement of its own', (name) => {
    const text = readFileSync(join(__dirname, name), 'utf8');
    for (const { what, pattern } of FORBIDDEN)
      expect({ name, what, found: pattern.test(text) }).toMatchObject({ found: false });
    if (!TRANSACTIONS_ALLOWED.has(name))
      expect({ name, transaction: /\.\$transaction\s*\(/.test(text) }).toMatchObject({ transaction: false });
  });
});
