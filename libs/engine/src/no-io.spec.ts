/**
 * The engine ships no test plumbing and does no I/O (issue 24, item 6): outside its tests, no file of
 * libs/engine reads the environment, the file system or anything under `test/`. The PHH replay suite
 * lives in `test/support/phh-replay-suite.ts`, the PHH command line in `scripts/phh.ts`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = __dirname;

/** The engine's shipped sources: every .ts file except its tests (`*.spec.ts`, `*.exhaustive.ts`). */
function shippedSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...shippedSources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.exhaustive.ts')) out.push(path);
  }
  return out;
}

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'process.env', pattern: /process\.env/ },
  { what: 'node:fs', pattern: /['"]node:fs(?:\/promises)?['"]/ },
  { what: "from 'fs'", pattern: /from\s+['"]fs(?:\/promises)?['"]/ },
  { what: "require('fs')", pattern: /require\(\s*['"](?:node:)?fs(?:\/promises)?['"]\s*\)/ },
  { what: 'an import from test/', pattern: /from\s+['"][^'"]*\btest\/[^'"]*['"]/ },
];

describe('libs/engine does no I/O and ships no test plumbing', () => {
  const files = shippedSources(src);

  test('it has sources to check', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  test.each(FORBIDDEN)('no shipped engine file uses $what', ({ pattern }) => {
    const offenders = files
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });

  test('the patterns catch what they are for', () => {
    const samples = [
      'const dir = process.env.NAIKO_PHH_DIR;',
      "import { readFileSync } from 'node:fs';",
      "import * as fs from 'fs';",
      "const fs = require('fs');",
      "import { phhDir } from '../../../../test/support/phh-replay-suite';",
    ];
    samples.forEach((sample, index) => expect(FORBIDDEN[index].pattern.test(sample)).toBe(true));
    expect(FORBIDDEN.some(({ pattern }) => pattern.test("import { createHash } from 'node:crypto';"))).toBe(false);
  });
});
