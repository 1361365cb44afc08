import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { diffSchemaAgainstMigrations, findPrismaPaths, migrationSlug, migrationTimestamp } from './migrations';

describe('migration names', () => {
  it('uses the UTC timestamp prefix Prisma gives migration folders', () => {
    expect(migrationTimestamp(new Date(Date.UTC(2026, 0, 29, 14, 23, 1)))).toBe('20260129142301');
  });

  it('turns a free-form name into a snake_case slug', () => {
    expect(migrationSlug(' Add Ledger-entries ')).toBe('add_ledger_entries');
    expect(() => migrationSlug('--')).toThrow(/no letters or digits/);
  });
});

describe('committed migrations', () => {
  // Guards against editing schema.prisma without `npm run -s migrate:create -- <name>`.
  it('reproduce prisma/schema.prisma exactly (no pending diff)', async () => {
    const shadow = new PGlite();
    try {
      const sql = await diffSchemaAgainstMigrations(
        new PrismaPGlite(shadow) as unknown as SqlMigrationAwareDriverAdapterFactory,
        findPrismaPaths(__dirname),
      );
      expect(sql).toBeNull();
    } finally {
      await shadow.close();
    }
  }, 60_000);
});
