/**
 * The docs stay true to the repository (issue 24, item 10): every path `docs/architecture.md` names
 * exists, and the code cites the rules through the repository's copy in `docs/rules/` (the project's
 * shared rules digest and rule texts are not in the repository).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

/** Every tracked-looking file under `dir` (no node_modules, dist or hidden folders). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(relative(root, path));
  }
  return out;
}

const sourceRoots = ['apps', 'libs', 'test', 'scripts', 'bench', 'prisma'];
const repoFiles = sourceRoots.flatMap((dir) => filesUnder(join(root, dir)));

describe('docs/architecture.md names only paths that exist', () => {
  test('every repository path it names (apps/, libs/, test/, scripts/, bench/, docs/, prisma/) exists', () => {
    // Not preceded by `@` (npm scope) or a word character; globs and placeholders are not paths.
    const named = [...architecture.matchAll(/(?<![@\w/.-])((?:apps|libs|test|scripts|bench|docs|prisma)\/[\w./-]*\w)/g)]
      .map((match) => match[1])
      .filter((path) => !path.includes('*'));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  test('every file it names by a short path (`auth/user-access.ts`, `deal-proof.ts`) is in the repository', () => {
    const short = [...architecture.matchAll(/`([\w./-]+\.(?:ts|js|mjs|css|html|prisma))`/g)]
      .map((match) => match[1])
      .filter((path) => !path.startsWith('dist/'));
    expect(short.length).toBeGreaterThan(10);
    const missing = short.filter((path) => !repoFiles.some((file) => file === path || file.endsWith(`/${path}`)));
    expect(missing).toEqual([]);
  });

  test('every npm script it names is in package.json', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts);
    const named = [...architecture.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((match) => match[1]);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('rule citations point into docs/rules', () => {
  const cited = repoFiles.filter((file) => /\.(ts|js|md)$/.test(file));

  test('no file cites the shared digest or a section of the naiko text outside docs/rules', () => {
    // The digest's shared name, or "naiko" directly followed by a section sign.
    const stale = cited.filter((file) => /RULES\.md|naiko\s§/.test(readFileSync(join(root, file), 'utf8')));
    expect(stale).toEqual([]);
  });

  test('every docs/rules file the code cites exists', () => {
    const targets = new Set<string>();
    for (const file of cited) {
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/docs\/rules\/[\w.-]*\w/g)) {
        targets.add(match[0]);
      }
    }
    expect([...targets].sort()).toEqual(expect.arrayContaining(['docs/rules/README.md', 'docs/rules/naiko.de.txt']));
    expect([...targets].filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
