import { resolve } from 'node:path';
import { databaseName, withDatabase } from './postgres';
import { redactUrl, resolveDatabaseTarget } from './database';

const CLOSED = 'postgresql://postgres@127.0.0.1:1/naiko';

describe('database selection', () => {
  it('uses the local PostgreSQL when DATABASE_URL is unset and it answers', async () => {
    const databaseTarget = await resolveDatabaseTarget(undefined, '.data');
    expect(databaseTarget).toMatchObject({ kind: 'postgres', url: 'postgresql://postgres@127.0.0.1:5432/naiko' });
  });

  it('falls back to embedded PGlite under the data dir when no PostgreSQL answers', async () => {
    const databaseTarget = await resolveDatabaseTarget(undefined, '/tmp/naiko-data', true, CLOSED);
    expect(databaseTarget).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/naiko-data/pglite',
      reason: 'no PostgreSQL answers on 127.0.0.1:1, using embedded PGlite',
    });
  });

  it('stops instead of falling back when embedded fallback is off', async () => {
    await expect(resolveDatabaseTarget(undefined, '.data', false, CLOSED)).rejects.toThrow(
      'No PostgreSQL answers on 127.0.0.1:1: start PostgreSQL or set DATABASE_URL',
    );
  });

  it('never silently replaces a configured DATABASE_URL that is down', async () => {
    await expect(resolveDatabaseTarget('postgresql://u:pw@127.0.0.1:1/x', '.data')).rejects.toThrow(
      'DATABASE_URL: no PostgreSQL answers at postgresql://u:***@127.0.0.1:1/x',
    );
  });

  it('takes DATABASE_URL=pglite[:dir] as an explicit embedded choice', async () => {
    expect(await resolveDatabaseTarget('pglite', '.data')).toMatchObject({
      kind: 'pglite',
      dataDir: resolve('.data/pglite'),
    });
    expect(await resolveDatabaseTarget('pglite:/tmp/x', '.data')).toMatchObject({ kind: 'pglite', dataDir: '/tmp/x' });
  });

  it('rewrites and reads database names in URLs', () => {
    expect(withDatabase('postgresql://postgres@127.0.0.1:5432/test', 'naiko_test_1')).toBe(
      'postgresql://postgres@127.0.0.1:5432/naiko_test_1',
    );
    expect(databaseName('postgresql://h/abc')).toBe('abc');
    expect(databaseName('postgresql://h')).toBe('postgres');
    expect(redactUrl('postgresql://u:secret@h/db')).toBe('postgresql://u:***@h/db');
  });
});
