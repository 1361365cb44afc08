// Which layer of Prisma 7 (client engine + driver adapter) threw a RangeError, read from the error
// that reaches our code (issue 28: `PrismaClientUnknownRequestError … Maximum call stack size exceeded`
// at the table runner's recovery query `prisma.hand.findMany`, 85 times in a row, never explained).
//
// Prisma turns an error into PrismaClientUnknownRequestError (with the caller's line in its message)
// only when it comes out of the query compiler (`ClientEngine.request` → `QueryCompiler.compile`, the
// WASM compiler, run on a plan-cache miss). An error thrown below it — the query interpreter,
// `@prisma/adapter-pg`, `pg`, `pg-pool`, the transaction manager — reaches the caller as the raw
// RangeError. So issue 28's overflow was raised while compiling the recovery query, not in a pg-pool
// callback chain, a transaction or a large JSON row. And the compiler runs on a fresh stack (a
// continuation after an await inside Prisma): a caller deep in a synchronous recursion cannot bring
// it near the limit. These tests pin both facts, so a recurrence is read the same way.
import { createLedgerTestDb, type LedgerTestDb } from './support/ledger-db';

// The WASM query compiler's glue module, the one instance the generated client imports.
const compilerRuntime = require('@prisma/client/runtime/query_compiler_fast_bg.postgresql.js') as {
  QueryCompiler: { prototype: { compile(query: string): unknown } };
};
const pg = require('pg') as { Pool: { prototype: { query: (...args: unknown[]) => unknown } } };

const overflow = () => new RangeError('Maximum call stack size exceeded');

/** Frames a trivial function can still recurse from here (the stack left). */
function stackLeft(): number {
  let depth = 0;
  const down = (): void => {
    depth++;
    down();
  };
  try {
    down();
  } catch {
    // the limit
  }
  return depth;
}

describe('Prisma errors by layer (issue 28 diagnosis)', () => {
  let db: LedgerTestDb;
  const compile = compilerRuntime.QueryCompiler.prototype.compile;
  const poolQuery = pg.Pool.prototype.query;
  let shape = 0;
  // A new query shape each time (a distinct `take`), so it misses the client's plan cache and compiles.
  const recoveryQuery = () =>
    db.prisma.hand.findMany({
      where: { tournamentId: 'mtt-1', status: 'running' },
      select: { id: true },
      take: 1000 + shape++,
    });

  beforeAll(async () => {
    db = await createLedgerTestDb(4);
    await db.prisma.user.findMany({ take: 1 });
  });

  afterEach(() => {
    compilerRuntime.QueryCompiler.prototype.compile = compile;
    pg.Pool.prototype.query = poolQuery;
  });

  afterAll(async () => {
    await db?.drop();
  });

  it("an overflow in the query compiler is reported as PrismaClientUnknownRequestError with the caller's line", async () => {
    compilerRuntime.QueryCompiler.prototype.compile = () => {
      throw overflow();
    };
    const err = await recoveryQuery().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.constructor.name).toBe('PrismaClientUnknownRequestError');
    expect(err?.message).toMatch(/hand\.findMany\(\)[\s\S]*Maximum call stack size exceeded/);
  });

  it('an overflow in the driver (pg pool) reaches the caller as the raw RangeError', async () => {
    pg.Pool.prototype.query = () => {
      throw overflow();
    };
    const err = await recoveryQuery().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(RangeError);
    expect(err?.constructor.name).toBe('RangeError');
  });

  it('the compiler runs on a fresh stack, however deep the caller is', async () => {
    const left: number[] = [];
    compilerRuntime.QueryCompiler.prototype.compile = function (this: unknown, query: string) {
      left.push(stackLeft());
      return compile.call(this, query);
    };
    const top = stackLeft();
    await recoveryQuery();
    const deep = (depth: number): Promise<unknown> => (depth === 0 ? recoveryQuery() : deep(depth - 1));
    await deep(5_000);
    expect(left).toHaveLength(2);
    // Within a few dozen frames of the test's own stack, not 5,000 frames less.
    for (const frames of left) expect(frames).toBeGreaterThan(top - 200);
  });
});
