/**
 * Benchmark dispatcher: `npm run bench -- NAME [args]` runs `bench/NAME.ts` with the remaining args.
 * Each benchmark module reads its own flags from process.argv (e.g. `--json`). Benchmarks:
 * engine, evaluator, hand-store, tables, tournament, cluster (1/2/3 copies + failover time and the
 * worst table stall over a kill), router (routed round trip; a gone copy refused at once), flood
 * (one socket floods while 50 tables play: their p99 and the server's RSS growth),
 * mtt-live (a scheduled tournament of N bot entrants played to the end on the real stack).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function main(): Promise<void> {
  const name = process.argv[2];
  const available = readdirSync(__dirname)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
    .map((f) => f.slice(0, -3));
  if (!name || !/^[\w-]+$/.test(name) || !existsSync(join(__dirname, `${name}.ts`))) {
    console.error(`usage: npm run bench -- NAME [--json]\navailable: ${available.join(', ')}`);
    process.exit(2);
  }
  // Hand the benchmark its own argv, as if it had been run directly.
  process.argv.splice(2, 1);
  const mod = await import(pathToFileURL(join(__dirname, `${name}.ts`)).href);
  if (typeof mod.main === 'function') await mod.main();
  else if (typeof mod.default?.main === 'function') await mod.default.main();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
