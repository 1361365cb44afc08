// The fast half of scripts/check-image.js (issue 30): reading the Dockerfile, .dockerignore and
// docker-compose.yml the way Docker does, and the compose rules checked against the app's own
// config validation. The slow half (replaying the Dockerfile with npm ci, starting every app, and
// the self-check that a COPY prisma moved below npm ci fails) runs in .ci/run:
// `node scripts/check-image.js`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '@naiko/platform/config/config.schema';

const check = require('../../../scripts/check-image.js');

const root = join(__dirname, '..', '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const SECRET = 'a'.repeat(64);

/** The runtime stage as the replay would record it (ENV, CMD, HEALTHCHECK), without running it. */
function runtimeImage(text = dockerfile) {
  const stage = check.stagesOf(check.parseDockerfile(text)).at(-1);
  const env: Record<string, string> = {};
  let cmd: string[] | null = null;
  let healthcheck: object | null = null;
  for (const step of stage.steps) {
    if (step.keyword === 'ENV') for (const kv of step.args.split(/\s+/)) env[kv.split('=')[0]] = kv.split('=')[1];
    if (step.keyword === 'CMD') cmd = JSON.parse(step.args);
    if (step.keyword === 'HEALTHCHECK') healthcheck = { argv: ['/bin/sh', '-c', step.args.replace(/^.*CMD\s+/, '')] };
  }
  return { dir: root, workdir: '/', env, cmd, entrypoint: null, healthcheck };
}

const apps = new Set(['lobby', 'cash-table', 'sit-and-go', 'tournament', 'all-in-one']);
const options = { parseConfig, appExists: (app: string) => apps.has(app) };

function compose(edit: (text: string) => string = (t) => t) {
  const { parse } = require('yaml');
  return parse(edit(readFileSync(join(root, 'docker-compose.yml'), 'utf8')), { merge: true });
}

beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the Dockerfile as check-image reads it', () => {
  it('has a build and a runtime stage; the runtime copies prisma/ before its npm ci (issue 30)', () => {
    const stages = check.stagesOf(check.parseDockerfile(dockerfile));
    expect(stages.map((s: { name: string }) => s.name)).toEqual(['build', 'runtime']);
    const steps = stages[1].steps.map((s: { keyword: string; args: string }) => `${s.keyword} ${s.args}`);
    const copyPrisma = steps.findIndex((s: string) => /^COPY prisma /.test(s));
    const npmCi = steps.findIndex((s: string) => /^RUN npm ci/.test(s));
    expect(copyPrisma).toBeGreaterThanOrEqual(0);
    expect(copyPrisma).toBeLessThan(npmCi);
  });

  it('joins continuation lines and keeps the first line number', () => {
    const [hc] = check.parseDockerfile('FROM x\n# note\nHEALTHCHECK --interval=1s \\\n  CMD true\n').slice(1);
    expect(hc).toMatchObject({ line: 3, keyword: 'HEALTHCHECK' });
    expect(hc.args).toMatch(/^--interval=1s\s+CMD true$/);
  });

  it('the self-check mutation moves the runtime COPY prisma just below npm ci and nothing else', () => {
    const moved = check.moveCopyPrismaBelowNpmCi(dockerfile);
    const before = dockerfile.split('\n');
    const after = moved.text.split('\n');
    expect(after).toHaveLength(before.length);
    expect(after[moved.ciLine - 2]).toMatch(/^RUN npm ci/);
    expect(after[moved.ciLine - 1]).toBe('COPY prisma ./prisma');
    expect([...after].sort()).toEqual([...before].sort());
    // The build stage is untouched, so the replay reuses it.
    const build = (t: string) =>
      JSON.stringify(check.stagesOf(check.parseDockerfile(t))[0].steps.map((s: { raw: string }) => s.raw));
    expect(build(moved.text)).toBe(build(dockerfile));
  });
});

describe('.dockerignore as Docker applies it', () => {
  const ignored = check.dockerignore(readFileSync(join(root, '.dockerignore'), 'utf8'));

  it('leaves out node_modules, dist, the generated Prisma client and root-level logs', () => {
    expect(ignored('node_modules')).toBe(true);
    expect(ignored('node_modules/pg/package.json')).toBe(true);
    expect(ignored('dist/apps/lobby/src/main.js')).toBe(true);
    expect(ignored('libs/persistence/src/generated/prisma/client.ts')).toBe(true);
    expect(ignored('ci.log')).toBe(true);
    expect(ignored('libs/persistence/src/index.ts')).toBe(false);
    expect(ignored('prisma/schema.prisma')).toBe(false);
  });

  it('honours ** and negation, the last matching rule winning', () => {
    const rules = check.dockerignore('**/*.md\n!README.md\ntmp/\n');
    expect(rules('docs/a.md')).toBe(true);
    expect(rules('README.md')).toBe(false);
    expect(rules('tmp/x/y')).toBe(true);
    expect(rules('src/tmp')).toBe(false);
  });
});

describe("compose's variable interpolation", () => {
  it('substitutes defaults, alternatives, $$ and refuses a missing required variable', () => {
    expect(check.interpolate('${A:-x} ${B-y} ${C:+z} $$D $E', { A: '', B: '', C: '1', E: 'e' })).toBe('x  z $D e');
    expect(() => check.interpolate('${S:?set S}', {}, 'here')).toThrow(
      'here: required variable S is missing a value: set S',
    );
    expect(() => check.interpolate('${S:?set S}', { S: '' })).toThrow(/required variable S/);
    expect(check.interpolate('${S?set S}', { S: '' })).toBe('');
  });
});

describe('docker-compose.yml against the config validation', () => {
  it('passes: every app valid, refused without JWT_SECRET, the lobby migrates and the others wait for it', () => {
    const { apps: checked } = check.checkCompose(compose(), runtimeImage(), { JWT_SECRET: SECRET }, options);
    expect(Object.keys(checked).sort()).toEqual([...apps].sort());
    expect(checked.lobby.config.MIGRATE_ON_START).toBe(true);
    expect(checked['cash-table'].config.MIGRATE_ON_START).toBe(false);
    expect(checked['cash-table'].argv).toEqual(runtimeImage().cmd);
    for (const app of Object.values(checked) as { refusal: string }[]) expect(app.refusal).toMatch(/JWT_SECRET/);
  });

  it('fails when a JWT_SECRET default would run in production', () => {
    const withDefault = compose((t) =>
      t.replace(/JWT_SECRET: ".*"/, 'JWT_SECRET: ${JWT_SECRET:-naiko-compose-demo-secret-change-me-0123456789}'),
    );
    expect(() => check.checkCompose(withDefault, runtimeImage(), { JWT_SECRET: SECRET }, options)).toThrow(
      /lobby: runs with its default JWT_SECRET when none is set/,
    );
  });

  it('accepts an empty default, which the config refuses in production', () => {
    const empty = compose((t) => t.replace(/JWT_SECRET: ".*"/, 'JWT_SECRET: ${JWT_SECRET:-}'));
    const { apps: checked } = check.checkCompose(empty, runtimeImage(), { JWT_SECRET: SECRET }, options);
    expect(checked.lobby.refusal).toMatch(/JWT_SECRET: must be set in production/);
  });

  it('fails when an app does not wait for the migrating lobby, or nobody migrates', () => {
    const noWait = compose();
    delete noWait.services['sit-and-go'].depends_on.lobby;
    expect(() => check.checkCompose(noWait, runtimeImage(), { JWT_SECRET: SECRET }, options)).toThrow(
      /sit-and-go: does not migrate and does not wait for an app that does/,
    );
    const noMigration = compose();
    noMigration.services.lobby.environment.MIGRATE_ON_START = 'false';
    expect(() => check.checkCompose(noMigration, runtimeImage(), { JWT_SECRET: SECRET }, options)).toThrow(
      /default services: no app applies migrations/,
    );
  });

  it('fails on an environment value the config refuses, naming the service and variable', () => {
    const bad = compose();
    bad.services.tournament.environment.LOG_LEVEL = 'loud';
    expect(() => check.checkCompose(bad, runtimeImage(), { JWT_SECRET: SECRET }, options)).toThrow(
      /tournament: Invalid configuration: LOG_LEVEL/,
    );
  });

  it('fails when a healthy-condition dependency has no healthcheck', () => {
    const noHealth = runtimeImage(dockerfile.replace(/HEALTHCHECK[\s\S]*?\n(?=#|CMD)/, ''));
    expect(noHealth.healthcheck).toBeNull();
    expect(() => check.checkCompose(compose(), noHealth, { JWT_SECRET: SECRET }, options)).toThrow(
      /waits for lobby to be healthy, but lobby has no healthcheck/,
    );
  });
});
