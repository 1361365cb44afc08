/**
 * No service outside libs/persistence queries Prisma directly (issue 24 item 4): the platform's
 * services and the apps reach the database through the named repositories, the chip ledger and
 * the hand store of libs/persistence. This reads every source file of libs/platform/src and
 * apps/{app}/src and refuses a model call on any Prisma client or transaction handle
 * (`<client>.<model>.findMany(…)`, with every model of prisma/schema.prisma), a raw query
 * (`$queryRaw`, `$executeRaw` and their Unsafe forms) and a `$transaction` of its own. Handing
 * PrismaService to a persistence class or function (`new HandStore(prisma)`,
 * `recoverFromCrash(prisma)`) or asking it `ping()` is not a query and is not matched.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/**
 * Files that open a transaction of their own around repository calls only (no statement of theirs),
 * each with why: the transaction's options or its place in the flow belong to them.
 */
const OWN_TRANSACTIONS = new Set([
  // readMttState: one RepeatableRead snapshot over the rows (tools and tests read a consistent state).
  'libs/platform/src/tournaments/mtt-rows.ts',
  // A takeover claims the table's fencing token in a transaction of its own before recovering it.
  'libs/platform/src/tournaments/clustered-tables.ts',
]);

/** The Prisma client's model properties: every `model X` of the schema, lower camel case. */
const models = [...readFileSync(join(root, 'prisma', 'schema.prisma'), 'utf8').matchAll(/^model\s+(\w+)\s*\{/gm)].map(
  (match) => match[1][0].toLowerCase() + match[1].slice(1),
);

const OPERATIONS = [
  'findMany',
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
];

const modelCall = new RegExp(`\\.\\s*(?:${models.join('|')})\\s*\\.\\s*(?:${OPERATIONS.join('|')})\\s*[(<]`, 'g');
const rawCall = /\.\s*\$(?:queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)\b/g;
const ownTransaction = /\.\s*\$transaction\s*\(/g;

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.exhaustive.ts')) out.push(path);
  }
  return out;
}

const appSources = readdirSync(join(root, 'apps'))
  .map((app) => join(root, 'apps', app, 'src'))
  .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
  .flatMap(sourcesUnder);
const sources = [...sourcesUnder(join(root, 'libs', 'platform', 'src')), ...appSources].map((path) =>
  relative(root, path),
);

/** `file:line: text` of each match of the patterns (a file's own transaction only if not allowed above). */
function offences(patterns: RegExp[]): string[] {
  const found: string[] = [];
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of patterns) {
      if (pattern === ownTransaction && OWN_TRANSACTIONS.has(file)) continue;
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(`${file}:${line}: ${match[0].replace(/\s+/g, '')}`);
      }
    }
  }
  return found;
}

describe('no service outside libs/persistence queries Prisma directly', () => {
  test('the scan sees the sources and every model of the schema', () => {
    expect(models).toEqual(expect.arrayContaining(['user', 'cashTable', 'fairPlayFlag', 'responsiblePlay']));
    expect(sources.length).toBeGreaterThan(100);
    // The patterns match what they must refuse.
    expect('this.prisma.cashTable\n      .findUnique({'.match(modelCall)).toHaveLength(1);
    expect('tx.fairPlaySanction.create({'.match(modelCall)).toHaveLength(1);
    expect('await this.prisma.$queryRaw<Row[]>`'.match(rawCall)).toHaveLength(1);
    expect('this.prisma.$transaction(async (tx) =>'.match(ownTransaction)).toHaveLength(1);
    // …and not what they must let through.
    expect('this.cashTables.exists(id); socket.data.user.sub; this.prisma.ping()'.match(modelCall)).toBeNull();
  });

  test('no model call on a Prisma client or transaction handle in libs/platform/src or apps/*/src', () => {
    expect(offences([modelCall])).toEqual([]);
  });

  test('no raw query and no transaction of their own', () => {
    expect(offences([rawCall, ownTransaction])).toEqual([]);
  });
});
