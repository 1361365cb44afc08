#!/usr/bin/env node
// Checks the Docker image and docker-compose.yml without Docker (no engine runs on our machines
// or in CI):
//
// 1. Replays the Dockerfile. It is parsed, and every stage's FROM/WORKDIR/ENV/ARG/COPY/RUN step runs
//    in the file's order, each stage in its own temporary folder standing for the container's `/`
//    (so WORKDIR /app is <stage>/app); stages run at the same time, as BuildKit runs them, a COPY
//    --from waiting for its stage. COPY reads the build context through .dockerignore; RUN runs
//    under /bin/sh with a clean environment (PATH, HOME, proxies, npm_config_*) plus the stage's ENV,
//    as `docker build` would. The base image's content is this machine: Node 20 like
//    node:20-bookworm-slim, but npm 11 where that image has npm 10 (which ignores package.json's
//    allowScripts and runs every install script). Two deliberate differences, both in an `npm`
//    shim put first in PATH:
//    `npm ci`/`npm install` get --prefer-offline (speed; the registry is still used for what the
//    cache lacks), and `npm cache …` is skipped (it would wipe this machine's shared npm cache).
// 2. Checks docker-compose.yml against the replayed image: every app service's command exists
//    and its environment (compose interpolation applied, the image's ENV under it) passes the
//    app's own config validation (dist/libs/platform/src/config/config.schema.js of the image);
//    without JWT_SECRET in the environment the service is refused (by compose's `${VAR:?}` or by
//    the config in production); at least one app applies migrations and every other app waits for
//    one that does (depends_on with condition service_healthy, which needs a healthcheck).
// 3. Starts every app service from the runtime folder with its compose command and environment,
//    in depends_on order, pointed at this machine's PostgreSQL (a fresh database it creates and
//    drops) and Redis (a fresh REDIS_PREFIX, deleted afterwards), each on a free port, and waits
//    for /health/ready; then runs the image's HEALTHCHECK command against it. The default services
//    run together; each compose profile runs afterwards on its own fresh database. Run as root (CI),
//    the apps run as the image's USER, or as `nobody` when this machine has no such user, so an
//    app that writes into the root-owned /app fails here as it would in the container.
// 4. Self-check (unless --no-self-check): replays a copy of the Dockerfile with the runtime stage's
//    `COPY prisma` moved below its `npm ci` and expects that replay to fail at the `npm ci` step —
//    proof that the check catches the reordering of issue 30. It runs alongside step 1 and shares
//    the stages whose steps are unchanged (like Docker's layer cache).
//
// Usage: node scripts/check-image.js [--dockerfile F] [--compose F] [--no-self-check] [--keep]
// Env: CHECK_IMAGE_PG (default postgresql://postgres@127.0.0.1:5432), CHECK_IMAGE_REDIS
// (default redis://127.0.0.1:6379), CHECK_IMAGE_TMPDIR (default /dev/shm when it has room).
// Exit status 0 when everything passed.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');

class CheckError extends Error {
  name = 'CheckError';
}

// ---------------------------------------------------------------- Dockerfile parsing

/** Splits a Dockerfile into instructions: { line, keyword, args, raw } (continuations joined, comments dropped). */
function parseDockerfile(text) {
  const out = [];
  const lines = text.split(/\r?\n/);
  let buf = '';
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!buf && (/^\s*#/.test(line) || !line.trim())) continue;
    if (buf && /^\s*#/.test(line)) continue; // comment lines inside a continuation are dropped
    if (!buf) start = i + 1;
    if (/\\\s*$/.test(line)) {
      buf += line.replace(/\\\s*$/, '') + ' ';
      continue;
    }
    buf += line;
    const parts = buf.trim().match(/^(\S+)\s*([\s\S]*)$/);
    out.push({ line: start, keyword: parts[1].toUpperCase(), args: parts[2].trim(), raw: buf.trim() });
    buf = '';
  }
  if (buf) throw new CheckError(`Dockerfile: line ${start}: unterminated continuation`);
  return out;
}

/** Groups instructions into stages: [{ name, base, index, steps }]. */
function stagesOf(instructions) {
  const stages = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const from = ins.args.match(/^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?\s*$/i);
      if (!from) throw new CheckError(`Dockerfile: line ${ins.line}: cannot read FROM ${ins.args}`);
      stages.push({ name: from[2] ?? String(stages.length), base: from[1], index: stages.length, steps: [] });
    } else if (ins.keyword === 'ARG' && !stages.length) {
      // ARG before the first FROM: only for FROM lines; not needed here.
    } else {
      if (!stages.length) throw new CheckError(`Dockerfile: line ${ins.line}: ${ins.keyword} before FROM`);
      stages.at(-1).steps.push(ins);
    }
  }
  return stages;
}

/** `["a","b"]` (exec form) or null (shell form). */
function execForm(args) {
  if (!args.startsWith('[')) return null;
  try {
    const parsed = JSON.parse(args);
    return Array.isArray(parsed) && parsed.every((x) => typeof x === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/** Splits on whitespace, honouring double and single quotes and backslash escapes. */
function shellWords(text) {
  const words = [];
  let cur = '';
  let quote = null;
  let has = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) cur += text[++i];
      else cur += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      has = true;
    } else if (char === '\\' && i + 1 < text.length) {
      cur += text[++i];
      has = true;
    } else if (/\s/.test(char)) {
      if (has || cur) words.push(cur);
      cur = '';
      has = false;
    } else {
      cur += char;
      has = true;
    }
  }
  if (has || cur) words.push(cur);
  return words;
}

/** Docker's $VAR / ${VAR} / ${VAR:-default} substitution in ENV, ARG, WORKDIR, COPY. */
function dockerSubst(text, env) {
  return text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_, braced, op, word, bare) => {
      const value = env[braced ?? bare];
      if (op === '-') return value ? value : word;
      if (op === '+') return value ? word : '';
      return value ?? '';
    },
  );
}

/** ENV/ARG/LABEL key=value pairs (or the legacy `ENV key value`). */
function keyValues(args, env) {
  const words = shellWords(args);
  if (words.length && !words[0].includes('='))
    return [[words[0], dockerSubst(args.slice(args.indexOf(words[0]) + words[0].length).trim(), env)]];
  return words.map((word) => {
    const equals = word.indexOf('=');
    if (equals < 1) throw new CheckError(`cannot read "${word}" (expected KEY=value)`);
    return [word.slice(0, equals), dockerSubst(word.slice(equals + 1), env)];
  });
}

/** Reads `--flag=value` options off the front of an instruction's arguments. */
function flagsOf(args) {
  const flags = {};
  let rest = args;
  for (;;) {
    const flag = rest.match(/^--([a-z-]+)(?:=(\S*))?\s+/);
    if (!flag) return { flags, rest };
    flags[flag[1]] = flag[2] ?? true;
    rest = rest.slice(flag[0].length);
  }
}

// ---------------------------------------------------------------- .dockerignore

/** A predicate "is this context-relative path excluded?" following .dockerignore's rules. */
function dockerignore(text) {
  const rules = [];
  for (let line of (text ?? '').split(/\r?\n/)) {
    line = line.trim();
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    let pattern = (negate ? line.slice(1) : line)
      .trim()
      .replace(/^\.?\/+/, '')
      .replace(/\/+$/, '');
    pattern = path.posix.normalize(pattern);
    const re = pattern
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) =>
        part === '**' || part === '**/'
          ? '(?:.*/)?' + (part === '**' ? '.*' : '')
          : part === '*'
            ? '[^/]*'
            : part === '?'
              ? '[^/]'
              : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    rules.push({ negate, re: new RegExp(`^${re}$`) });
  }
  return (rel) => {
    const parts = rel.split('/');
    let excluded = false;
    for (const { negate, re } of rules) {
      // A pattern that matches a parent folder excludes everything below it.
      for (let n = 1; n <= parts.length; n++) {
        if (re.test(parts.slice(0, n).join('/'))) {
          excluded = !negate;
          break;
        }
      }
    }
    return excluded;
  };
}

// ---------------------------------------------------------------- replaying the Dockerfile

// cp -a and rm -rf instead of fs.cpSync/fs.rmSync (JavaScript recursion in Node 20): on rxjs's
// 2,365 files on a busy machine, copying took 1.0 s instead of 2.9 s and removing 0.24 s instead
// of 5.4 s; removing the work folder's three node_modules took 3.5 minutes with fs.rmSync.
function copyTree(from, to) {
  const copied = spawnSync('cp', ['-a', `${from}/.`, `${to}/`], { encoding: 'utf8' });
  if (copied.status !== 0) throw new CheckError(`cp ${from} ${to}: ${copied.stderr || copied.error?.message}`);
}

function removeTree(dir) {
  const removed = spawnSync('rm', ['-rf', dir], { encoding: 'utf8' });
  if (removed.status !== 0) throw new Error(removed.stderr || removed.error?.message);
}

function log(msg) {
  console.log(`check-image: ${msg}`);
}

function tail(text, lineCount = 40) {
  return text.split('\n').slice(-lineCount).join('\n');
}

/** The `npm` shim for RUN steps (see the header): a folder to put first in PATH. */
function npmShim(dir) {
  const real = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (!real) throw new CheckError('npm not found in PATH');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'npm'),
    `#!/bin/sh
# check-image's npm: the Dockerfile's npm with --prefer-offline, and without touching the shared cache.
case "$1" in
  cache) echo "check-image: skipped 'npm $*' (it would clean this machine's shared npm cache)"; exit 0 ;;
  ci|install|i) exec ${JSON.stringify(real)} "$@" --prefer-offline --no-audit --no-fund ;;
esac
exec ${JSON.stringify(real)} "$@"
`,
    { mode: 0o755 },
  );
  return dir;
}

/** The environment of a RUN step or of a started app: what `docker run` would give, plus the machine's proxies. */
function baseEnv(extra) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/root' };
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(https?_proxy|no_proxy|npm_config_.*)$/i.test(key) &&
      !/^npm_config_(cache|prefix|user_agent|node_gyp|global_prefix|local_prefix|init_module|userconfig|globalconfig|noproxy)$/i.test(
        key,
      ) &&
      !key.startsWith('npm_config__')
    )
      env[key] = value;
  }
  return { ...env, ...extra };
}

/** RUN steps in flight: each runs in its own process group, so a failed check can stop the others' (and only those). */
const runningSteps = new Set();
const stepGroups = new Set(); // process group ids (= the step's pid) of every RUN step started
let stopping = false;

function runLogged(argv, opts, logFile) {
  if (stopping) return Promise.resolve(130);
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, 'a');
    const child = spawn(argv[0], argv.slice(1), { ...opts, stdio: ['ignore', out, out], detached: true });
    runningSteps.add(child);
    stepGroups.add(child.pid);
    child.on('error', (err) => {
      runningSteps.delete(child);
      fs.appendFileSync(logFile, `\n${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      runningSteps.delete(child);
      // A step that ended by itself leaves an empty group (its id may be reused: forget it).
      if (!stopping) stepGroups.delete(child.pid);
      fs.closeSync(out);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Stops the RUN steps this process started (their process groups) and waits for them to end. */
async function stopSteps() {
  stopping = true;
  const groups = [...stepGroups];
  const alive = () =>
    groups.filter((group) => {
      try {
        process.kill(-group, 0);
        return true;
      } catch {
        return false;
      }
    });
  const signal = (sig) => alive().forEach((g) => process.kill(-g, sig));
  signal('SIGTERM');
  for (let i = 0; i < 100 && alive().length; i++) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
  for (let i = 0; i < 50 && alive().length; i++) await new Promise((r) => setTimeout(r, 100));
}

/** Each stage's cache key: its base, its steps and the keys of the stages it builds on or copies from. */
function stageKeys(stages) {
  const keys = new Map();
  for (const stage of stages) {
    const deps = new Set();
    if (keys.has(stage.base)) deps.add(stage.base);
    for (const step of stage.steps) {
      const from = step.keyword === 'COPY' && flagsOf(step.args).flags.from;
      if (from) deps.add(from);
    }
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([stage.base, stage.steps.map((s) => s.raw), [...deps].map((d) => keys.get(d) ?? d)]))
      .digest('hex');
    keys.set(stage.name, key);
  }
  return keys;
}

/**
 * Replays every stage of `dockerfileText` under `workDir`. Like BuildKit, stages run at the same
 * time and a step that needs another stage (FROM <stage>, COPY --from) waits for it; the steps
 * of one stage run in the file's order. `cache` maps a stage's key to its (running or finished)
 * replay, reused as is: two replays sharing a cache share their identical stages.
 * Resolves { stages, runtime } (runtime: the last stage); rejects with a CheckError at the first
 * failing step, naming the Dockerfile line.
 */
async function replay(dockerfileText, { context = root, workDir, cache = new Map(), label = 'image', shimDir } = {}) {
  const stages = stagesOf(parseDockerfile(dockerfileText));
  const keys = stageKeys(stages);
  const ignored = dockerignore(
    fs.existsSync(path.join(context, '.dockerignore'))
      ? fs.readFileSync(path.join(context, '.dockerignore'), 'utf8')
      : '',
  );
  const running = new Map();
  const stageOf = (name) => {
    const replay = running.get(name);
    if (!replay) throw new CheckError(`no earlier stage named ${name}`);
    return replay;
  };
  for (const stage of stages) {
    const key = keys.get(stage.name);
    let replay = cache.get(key);
    if (replay) log(`${label}: stage ${stage.name}: unchanged, shared with an earlier replay`);
    else {
      replay = replayStage(stage, {
        key,
        label,
        workDir,
        context,
        ignored,
        shimDir,
        stageOf,
        hasStage: (n) => running.has(n),
      });
      cache.set(key, replay);
    }
    replay.catch(() => {}); // observed below; a replay sharing it may not wait for it
    running.set(stage.name, replay);
  }
  const results = await Promise.all(stages.map((s) => running.get(s.name)));
  return { stages: results, runtime: results.at(-1) };
}

async function replayStage(stage, { key, label, workDir, context, ignored, shimDir, stageOf, hasStage }) {
  const dir = path.join(workDir, `${label}-${stage.index}-${stage.name}`);
  const result = {
    name: stage.name,
    key,
    dir,
    env: {},
    workdir: '/',
    user: null,
    cmd: null,
    entrypoint: null,
    healthcheck: null,
    expose: [],
  };
  if (hasStage(stage.base)) {
    const base = await stageOf(stage.base);
    fs.mkdirSync(dir, { recursive: true });
    copyTree(base.dir, dir);
    Object.assign(result, {
      env: { ...base.env },
      workdir: base.workdir,
      user: base.user,
      cmd: base.cmd,
      entrypoint: base.entrypoint,
      healthcheck: base.healthcheck,
    });
  } else {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.chmodSync(dir, 0o755);
  const at = (p) => path.join(dir, path.posix.resolve(result.workdir, p));
  const stepLog = path.join(workDir, `${label}-${stage.index}-${stage.name}.log`);
  log(`${label}: stage ${stage.name} (FROM ${stage.base}) in ${dir}`);
  for (const step of stage.steps) {
    const where = `Dockerfile line ${step.line} (${step.raw.length > 70 ? step.raw.slice(0, 67) + '...' : step.raw})`;
    const started = Date.now();
    try {
      switch (step.keyword) {
        case 'WORKDIR':
          result.workdir = path.posix.resolve(result.workdir, dockerSubst(step.args, result.env));
          fs.mkdirSync(at('.'), { recursive: true });
          break;
        case 'ENV':
        case 'ARG':
          for (const [key, value] of keyValues(step.args, result.env)) {
            if (step.keyword === 'ENV' || result.env[key] === undefined) result.env[key] = value;
          }
          break;
        case 'COPY':
        case 'ADD': {
          const { flags, rest } = flagsOf(step.args);
          const words = execForm(rest) ?? shellWords(rest).map((w) => dockerSubst(w, result.env));
          if (words.length < 2) throw new CheckError(`${step.keyword} needs a source and a destination`);
          const dest = words.at(-1);
          const sources = words.slice(0, -1);
          let srcRoot = context;
          let filter = (rel) => !ignored(rel);
          if (flags.from) {
            const from = await stageOf(flags.from);
            if (!from) throw new CheckError(`--from=${flags.from}: no earlier stage of that name`);
            srcRoot = from.dir;
            filter = () => true;
          }
          const destPath = at(dest);
          for (const src of sources) {
            if (/[*?[]/.test(src) || /^https?:/.test(src))
              throw new CheckError(`source "${src}": wildcards and URLs are not replayed`);
            const rel = path.posix.normalize(src.replace(/^\/+/, '')).replace(/^\.\/?/, '');
            const srcPath = path.join(srcRoot, rel);
            if (!fs.existsSync(srcPath) || (rel && !filter(rel)))
              throw new CheckError(
                `${step.keyword} failed: "${src}" not found in ${flags.from ? `stage ${flags.from}` : 'the build context (or excluded by .dockerignore)'}`,
              );
            if (fs.statSync(srcPath).isDirectory()) {
              fs.mkdirSync(destPath, { recursive: true });
              if (flags.from) copyTree(srcPath, destPath);
              else {
                fs.cpSync(srcPath, destPath, {
                  recursive: true,
                  verbatimSymlinks: true,
                  filter: (p) => filter(path.relative(srcRoot, p).split(path.sep).join('/')),
                });
              }
            } else {
              const intoDir =
                dest.endsWith('/') ||
                sources.length > 1 ||
                (fs.existsSync(destPath) && fs.statSync(destPath).isDirectory());
              const target = intoDir ? path.join(destPath, path.basename(srcPath)) : destPath;
              fs.mkdirSync(path.dirname(target), { recursive: true });
              fs.copyFileSync(srcPath, target);
            }
          }
          break;
        }
        case 'RUN': {
          const { rest } = flagsOf(step.args);
          const argv = execForm(rest) ?? ['/bin/sh', '-c', rest];
          fs.appendFileSync(stepLog, `\n### ${where}\n`);
          const code = await runLogged(
            argv,
            { cwd: at('.'), env: baseEnv({ ...result.env, PATH: `${shimDir}:${process.env.PATH}` }) },
            stepLog,
          );
          if (code !== 0) {
            const text = fs.readFileSync(stepLog, 'utf8');
            throw new CheckError(
              `RUN exited with ${code}; its output ends with:\n${tail(text.slice(text.lastIndexOf('\n### ')))}`,
            );
          }
          break;
        }
        case 'USER':
          result.user = dockerSubst(step.args, result.env);
          break;
        case 'CMD':
          result.cmd = execForm(step.args) ?? ['/bin/sh', '-c', step.args];
          break;
        case 'ENTRYPOINT':
          result.entrypoint = execForm(step.args) ?? ['/bin/sh', '-c', step.args];
          break;
        case 'HEALTHCHECK': {
          const { flags, rest } = flagsOf(step.args);
          if (/^NONE$/i.test(rest.trim())) result.healthcheck = null;
          else {
            const healthCmd = rest.match(/^CMD\s+([\s\S]+)$/i);
            if (!healthCmd) throw new CheckError('HEALTHCHECK: expected CMD');
            result.healthcheck = { flags, argv: execForm(healthCmd[1]) ?? ['/bin/sh', '-c', healthCmd[1]] };
          }
          break;
        }
        case 'EXPOSE':
          result.expose.push(...step.args.split(/\s+/));
          break;
        case 'LABEL':
        case 'STOPSIGNAL':
        case 'VOLUME':
        case 'SHELL':
        case 'ONBUILD':
        case 'MAINTAINER':
          break;
        default:
          throw new CheckError(`unknown instruction ${step.keyword}`);
      }
    } catch (err) {
      const error = new CheckError(`${label}: stage ${stage.name}: ${where}: ${err.message}`);
      error.stage = stage.name;
      error.line = step.line;
      throw error;
    }
    const ms = Date.now() - started;
    if (ms > 1000 || step.keyword === 'RUN')
      log(`${label}:   line ${step.line} ${step.keyword} ok (${(ms / 1000).toFixed(1)} s)`);
  }
  return result;
}

// ---------------------------------------------------------------- docker-compose.yml

/**
 * Compose's variable interpolation: $$, $VAR, ${VAR}, ${VAR:-x}, ${VAR-x}, ${VAR:?msg}, ${VAR?msg}, ${VAR:+x},
 * ${VAR+x}.
 */
function interpolate(value, env, where = '') {
  if (typeof value !== 'string') return value;
  return value.replace(
    /\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_, all, name, op, word, bare) => {
      if (all === '$') return '$';
      const value = env[name ?? bare];
      const set = value !== undefined;
      const nonEmpty = set && value !== '';
      switch (op) {
        case ':-':
          return nonEmpty ? value : word;
        case '-':
          return set ? value : word;
        case ':?':
        case '?':
          if (op === ':?' ? nonEmpty : set) return value;
          throw Object.assign(new CheckError(`${where}: required variable ${name} is missing a value: ${word}`), {
            variable: name,
          });
        case ':+':
          return nonEmpty ? word : '';
        case '+':
          return set ? word : '';
        default:
          return value ?? '';
      }
    },
  );
}

function deepInterpolate(value, env, where) {
  if (typeof value === 'string') return interpolate(value, env, where);
  if (Array.isArray(value)) return value.map((v) => deepInterpolate(v, env, where));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepInterpolate(v, env, `${where}.${k}`)]));
  return value;
}

function readCompose(file) {
  const { parse } = require('yaml');
  const doc = parse(fs.readFileSync(file, 'utf8'), { merge: true });
  if (!doc?.services) throw new CheckError(`${file}: no services`);
  return doc;
}

/** One service's environment as strings (map or list form). */
function environmentOf(service) {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment
        .map((kv) =>
          kv.includes('=') ? [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] : [kv, undefined],
        )
        .filter(([, v]) => v !== undefined),
    );
  }
  return Object.fromEntries(
    Object.entries(environment)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

function dependsOf(service) {
  const depends = service.depends_on ?? {};
  if (Array.isArray(depends)) return Object.fromEntries(depends.map((n) => [n, { condition: 'service_started' }]));
  return depends;
}

/** App services: those built from this Dockerfile (`build:`). */
function appServices(compose) {
  return Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
}

/**
 * The static compose checks (issue 30). `image` is the replayed runtime stage, `interpEnv` the
 * environment compose would interpolate from (a JWT_SECRET, as a user must set). Returns
 * { apps: { name → { env, argv, config, profiles, deps } } }; throws CheckError listing every problem.
 * `parseConfig` (the app's env validation) and `appExists(APP)` default to the image's own.
 */
function checkCompose(compose, image, interpEnv, { parseConfig, appExists } = {}) {
  const problems = [];
  const inImage = (...p) => path.join(image.dir, image.workdir, ...p);
  if (!parseConfig) {
    const configModule = inImage('dist', 'libs', 'platform', 'src', 'config', 'config.schema.js');
    if (!fs.existsSync(configModule))
      throw new CheckError(
        `the image has no ${path.relative(image.dir, configModule)}: cannot validate the environment`,
      );
    ({ parseConfig } = require(configModule));
  }
  appExists ??= (app) => fs.existsSync(inImage('dist', 'apps', app, 'src', 'main.js'));
  const apps = {};
  const all = appServices(compose);
  if (!all.length) problems.push('no service is built from the Dockerfile (build:)');
  for (const [name, raw] of all) {
    let service;
    try {
      service = deepInterpolate(raw, interpEnv, `services.${name}`);
    } catch (err) {
      problems.push(err.message);
      continue;
    }
    const env = { ...image.env, ...environmentOf(service) };
    const command =
      service.command === undefined
        ? image.cmd
        : Array.isArray(service.command)
          ? service.command
          : ['/bin/sh', '-c', service.command];
    const argv = [
      ...(service.entrypoint === undefined ? (image.entrypoint ?? []) : [].concat(service.entrypoint)),
      ...(command ?? []),
    ];
    if (!argv.length) problems.push(`${name}: no command (neither the service nor the image has one)`);
    if (!env.APP) problems.push(`${name}: APP is not set`);
    else if (!appExists(env.APP))
      problems.push(`${name}: APP=${env.APP}, but the image has no dist/apps/${env.APP}/src/main.js`);
    let config = null;
    try {
      config = parseConfig(env);
    } catch (err) {
      problems.push(`${name}: ${err.message}`);
    }
    if (env.NODE_ENV !== 'production') problems.push(`${name}: NODE_ENV is "${env.NODE_ENV}", expected production`);
    // Without JWT_SECRET in the environment, compose or the app must refuse to run.
    const withoutSecret = { ...interpEnv };
    delete withoutSecret.JWT_SECRET;
    let refusal;
    try {
      const service = deepInterpolate(raw, withoutSecret, `services.${name}`);
      parseConfig({ ...image.env, ...environmentOf(service) });
      refusal = null;
    } catch (err) {
      refusal = /JWT_SECRET/.test(err.message) ? err.message : null;
      if (!refusal) problems.push(`${name}: without JWT_SECRET it fails for another reason: ${err.message}`);
    }
    if (refusal === null)
      problems.push(
        `${name}: runs with its default JWT_SECRET when none is set (NODE_ENV=${env.NODE_ENV}); the default must be refused`,
      );
    apps[name] = {
      name,
      env,
      argv,
      config,
      refusal,
      profiles: service.profiles ?? [],
      deps: dependsOf(service),
      healthcheck: service.healthcheck,
    };
  }
  // Migrations: per start-up set (the default services, then each profile with its dependencies).
  for (const set of startupSets(compose, apps)) {
    const names = set.apps.map((a) => a.name);
    const migrating = set.apps.filter((a) => a.config?.MIGRATE_ON_START);
    if (!migrating.length) problems.push(`${set.label}: no app applies migrations (MIGRATE_ON_START)`);
    for (const app of set.apps) {
      if (!app.config || app.config.MIGRATE_ON_START) continue;
      const waitsFor = Object.entries(app.deps).filter(
        ([d, c]) => apps[d]?.config?.MIGRATE_ON_START && c?.condition === 'service_healthy',
      );
      if (!waitsFor.length)
        problems.push(
          `${app.name}: does not migrate and does not wait for an app that does (depends_on: <migrating app>: condition: service_healthy)`,
        );
    }
    for (const app of set.apps) {
      for (const [dependency, dependsOn] of Object.entries(app.deps)) {
        if (dependsOn?.condition === 'service_healthy' && apps[dependency]) {
          const hc = apps[dependency].healthcheck;
          if (hc?.disable || (!hc && !image.healthcheck))
            problems.push(`${app.name} waits for ${dependency} to be healthy, but ${dependency} has no healthcheck`);
        }
      }
      for (const [other, service] of Object.entries(compose.services)) {
        if (service.build === undefined && !service.profiles?.length && !app.deps[other])
          problems.push(`${app.name}: does not depend on ${other}`);
      }
    }
    log(`compose: ${set.label}: ${names.join(', ')}; migrating: ${migrating.map((a) => a.name).join(', ') || 'none'}`);
  }
  if (problems.length) throw new CheckError(`docker-compose.yml:\n  - ${problems.join('\n  - ')}`);
  return { apps };
}

/** The app sets `docker compose up` starts: the services without profiles, then each profile's. */
function startupSets(compose, apps) {
  const list = Object.values(apps);
  const sets = [{ label: 'default services', apps: list.filter((a) => !a.profiles.length) }];
  const profiles = [...new Set(list.flatMap((a) => a.profiles))];
  for (const profile of profiles) {
    // `docker compose --profile p up <services of p>`: the profile's apps and their dependencies.
    const wanted = new Set(list.filter((a) => a.profiles.includes(profile)).map((a) => a.name));
    for (let grew = true; grew;) {
      grew = false;
      for (const appName of [...wanted])
        for (const dependency of Object.keys(apps[appName].deps)) {
          if (apps[dependency] && !wanted.has(dependency)) {
            wanted.add(dependency);
            grew = true;
          }
        }
    }
    sets.push({ label: `profile ${profile}`, apps: list.filter((a) => wanted.has(a.name)) });
  }
  return sets;
}

// ---------------------------------------------------------------- starting the apps

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** uid/gid for the image's USER: that user if this machine has it, else `nobody` (when we are root). */
function runAs(user) {
  if (!user || process.getuid?.() !== 0) return {};
  const passwd = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  const row = passwd.find((r) => r[0] === user || r[2] === user) ?? passwd.find((r) => r[0] === 'nobody');
  return row ? { uid: Number(row[2]), gid: Number(row[3]), as: row[0] } : {};
}

async function waitReady(app, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (app.exited)
      throw new CheckError(
        `${app.name} exited (${app.exited}) before it was ready; its log ends with:\n${tail(fs.readFileSync(app.logFile, 'utf8'))}`,
      );
    try {
      const res = await fetch(`http://127.0.0.1:${app.port}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new CheckError(
    `${app.name}: /health/ready did not answer 200 within ${timeoutMs / 1000} s (last: ${last}); its log ends with:\n${tail(fs.readFileSync(app.logFile, 'utf8'))}`,
  );
}

async function withDatabase(pgBase, fn) {
  const { Client } = require('pg');
  const name = `naiko_image_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  try {
    return await fn(`${pgBase}/${name}`);
  } finally {
    const drop = new Client({ connectionString: `${pgBase}/postgres` });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await drop.end();
  }
}

async function dropRedisPrefix(redisUrl, prefix) {
  const mod = require('ioredis');
  const Redis = mod.Redis ?? mod.default ?? mod;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Every app process this check started (for a signal's clean-up). */
const startedApps = new Set();

function stopApp(app) {
  if (app.exited || !app.child) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => app.child.kill('SIGKILL'), 10_000);
    app.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    app.child.kill('SIGTERM');
  });
}

/** Starts one start-up set in depends_on order, waits for each app's readiness and healthcheck. */
async function startSet(set, image, { workDir, pgBase, redisUrl }) {
  const running = [];
  const prefix = `naiko-image-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  const cwd = path.join(image.dir, image.workdir);
  const user = runAs(image.user);
  try {
    return await withDatabase(pgBase, async (databaseUrl) => {
      const ready = new Set();
      const pending = [...set.apps];
      while (pending.length) {
        const startable = pending.filter((a) =>
          Object.keys(a.deps).every((d) => !set.apps.some((x) => x.name === d) || ready.has(d)),
        );
        if (!startable.length)
          throw new CheckError(`${set.label}: depends_on has a cycle among ${pending.map((a) => a.name).join(', ')}`);
        await Promise.all(
          startable.map(async (service) => {
            pending.splice(pending.indexOf(service), 1);
            const port = await freePort();
            // The compose environment, pointed at this machine's services (the compose file's
            // hostnames `postgres`/`redis` exist only inside Docker's network).
            const env = baseEnv({
              ...service.env,
              DATABASE_URL: databaseUrl,
              REDIS_URL: redisUrl,
              REDIS_PREFIX: prefix,
              PORT: String(port),
              HOST: '127.0.0.1',
            });
            if (user.uid !== undefined) env.HOME = '/nonexistent';
            const logFile = path.join(workDir, `${set.label.replace(/\W+/g, '-')}-${service.name}.log`);
            const app = { name: service.name, port, logFile, exited: null };
            const out = fs.openSync(logFile, 'w');
            app.child = spawn(service.argv[0], service.argv.slice(1), {
              cwd,
              env,
              stdio: ['ignore', out, out],
              uid: user.uid,
              gid: user.gid,
            });
            fs.closeSync(out);
            app.child.on('exit', (code, signal) => (app.exited = signal ?? `code ${code}`));
            app.child.on('error', (err) => (app.exited = err.message));
            running.push(app);
            startedApps.add(app);
            const started = Date.now();
            await waitReady(app, 90_000);
            const readyMs = Date.now() - started;
            if (image.healthcheck) {
              const hc = spawnSync(image.healthcheck.argv[0], image.healthcheck.argv.slice(1), {
                cwd,
                env,
                encoding: 'utf8',
                timeout: 15_000,
                uid: user.uid,
                gid: user.gid,
              });
              if (hc.status !== 0)
                throw new CheckError(
                  `${service.name}: the image's HEALTHCHECK failed (exit ${hc.status ?? hc.signal}): ${hc.stdout}${hc.stderr}`,
                );
            }
            const home = await fetch(`http://127.0.0.1:${port}/`).then(
              async (r) =>
                r.ok && /text\/html/.test(r.headers.get('content-type') ?? '') ? 'serves the web client at /' : '',
              () => '',
            );
            log(
              `${set.label}: ${service.name} ready in ${(readyMs / 1000).toFixed(1)} s on port ${port}${user.as ? ` as ${user.as}` : ''}${image.healthcheck ? ', HEALTHCHECK ok' : ''}${home ? `, ${home}` : ''}`,
            );
            ready.add(service.name);
            app.servesWeb = !!home;
          }),
        );
      }
      return running.map((r) => ({ name: r.name, servesWeb: r.servesWeb }));
    });
  } finally {
    await Promise.all(running.map(stopApp));
    await dropRedisPrefix(redisUrl, prefix).catch((err) =>
      log(`could not delete Redis keys ${prefix}*: ${err.message}`),
    );
  }
}

// ---------------------------------------------------------------- the self-check

/** The Dockerfile with the last stage's `COPY prisma …` moved just below its `RUN … npm ci …`, or null. */
function moveCopyPrismaBelowNpmCi(text) {
  const last = stagesOf(parseDockerfile(text)).at(-1);
  const copy = last.steps.find((step) => {
    const { flags, rest } = flagsOf(step.args);
    return (
      step.keyword === 'COPY' &&
      !flags.from &&
      shellWords(rest)
        .slice(0, -1)
        .some((w) => path.posix.normalize(w).replace(/\/$/, '') === 'prisma')
    );
  });
  const ci = last.steps.find((s) => s.keyword === 'RUN' && /\bnpm\s+(ci|install)\b/.test(s.args));
  if (!copy || !ci || /\\\s*$/.test(text.split('\n')[copy.line - 1])) return null;
  const lines = text.split('\n');
  let ciEnd = ci.line - 1; // the npm ci instruction's last physical line (continuations)
  while (/\\\s*$/.test(lines[ciEnd])) ciEnd++;
  const copyLine = lines[copy.line - 1];
  const out = [];
  lines.forEach((line, index) => {
    if (index !== copy.line - 1) out.push(line);
    if (index === ciEnd) out.push(copyLine);
  });
  return { text: out.join('\n'), copyLine: copy.line, ciLine: ci.line };
}

// ---------------------------------------------------------------- main

/**
 * Where the replay's folders go: CHECK_IMAGE_TMPDIR, else /dev/shm when it has 4 GB free (the
 * three node_modules take ~1.3 GB; in memory, npm ci writes and the clean-up are much faster than
 * on a busy disk: removing them from / took ~3 minutes here), else the system's temp folder.
 */
function workBase() {
  if (process.env.CHECK_IMAGE_TMPDIR) return process.env.CHECK_IMAGE_TMPDIR;
  try {
    const st = fs.statfsSync('/dev/shm');
    if (st.bavail * st.bsize >= 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm
  }
  return os.tmpdir();
}

async function main(argv) {
  const opt = {
    dockerfile: path.join(root, 'Dockerfile'),
    compose: path.join(root, 'docker-compose.yml'),
    selfCheck: true,
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dockerfile') opt.dockerfile = path.resolve(argv[++i]);
    else if (argv[i] === '--compose') opt.compose = path.resolve(argv[++i]);
    else if (argv[i] === '--no-self-check') opt.selfCheck = false;
    else if (argv[i] === '--keep') opt.keep = true;
    else throw new CheckError(`unknown option ${argv[i]}`);
  }
  const pgBase = (process.env.CHECK_IMAGE_PG ?? 'postgresql://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const redisUrl = process.env.CHECK_IMAGE_REDIS ?? 'redis://127.0.0.1:6379';
  const workDir = fs.mkdtempSync(path.join(workBase(), 'naiko-image-'));
  fs.chmodSync(workDir, 0o755);
  const shimDir = npmShim(path.join(workDir, 'bin'));
  const t0 = Date.now();
  const secs = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
  const cache = new Map();
  let failed = false;
  let selfCheck = null;
  try {
    const dockerfileText = fs.readFileSync(opt.dockerfile, 'utf8');
    const main = replay(dockerfileText, { workDir, cache, shimDir, label: 'image' });
    main.catch(() => {}); // awaited below; a self-check set-up error must not leave it unhandled
    // The self-check's replay runs alongside (sharing the unchanged stages, like Docker's cache).
    let moved = null;
    if (opt.selfCheck) {
      moved = moveCopyPrismaBelowNpmCi(dockerfileText);
      if (!moved) throw new CheckError('self-check: the last stage has no `COPY prisma` and `RUN npm ci` to reorder');
      if (moved.copyLine > moved.ciLine) {
        log(
          `self-check: COPY prisma (line ${moved.copyLine}) is already below npm ci (line ${moved.ciLine}): the replay itself must fail`,
        );
        moved = null;
      }
    }
    if (moved) {
      log(
        `self-check: replaying the Dockerfile with line ${moved.copyLine} (COPY prisma) moved below line ${moved.ciLine} (npm ci) at the same time; it must fail`,
      );
      selfCheck = replay(moved.text, { workDir, cache, shimDir, label: 'reordered' }).then(
        () => null,
        (err) => err,
      );
    }
    const { runtime } = await main;
    log(`Dockerfile replayed (${secs()})`);

    const compose = readCompose(opt.compose);
    const interpEnv = { JWT_SECRET: crypto.randomBytes(32).toString('hex') };
    const { apps } = checkCompose(compose, runtime, interpEnv);
    for (const app of Object.values(apps))
      log(
        `compose: ${app.name}: environment valid; without JWT_SECRET: refused (${app.refusal.split('\n')[0].slice(0, 120)})`,
      );

    let servesWeb = false;
    for (const set of startupSets(compose, apps)) {
      const started = await startSet(set, runtime, { workDir, pgBase, redisUrl });
      servesWeb ||= started.some((s) => s.servesWeb);
    }
    if (!servesWeb) throw new CheckError('no app served the web client (text/html at /): is dist/web in the image?');
    log(`every app started and answered /health/ready (${secs()})`);

    if (selfCheck) {
      const err = await selfCheck;
      if (!err)
        throw new CheckError(
          'self-check: the Dockerfile with COPY prisma below npm ci replayed without error, so this check would not catch issue 30',
        );
      if (!(err instanceof CheckError) || err.stage !== runtime.name || !/RUN exited/.test(err.message))
        throw new CheckError(`self-check: the reordered Dockerfile failed, but not at its npm ci step: ${err.message}`);
      log(
        `self-check: the reordered Dockerfile fails as it must: ${err.message.split('\n')[0]} ${(err.message.match(/.*[Ss]chema.*/) ?? [''])[0].trim()}`,
      );
    }
    log(`passed (${secs()})`);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    if (failed) {
      await stopSteps(); // the other stages' steps still running
      await Promise.allSettled([...cache.values()]);
    }
    if (selfCheck) await selfCheck; // never delete folders a replay still works in
    if (opt.keep) log(`work folder kept: ${workDir}`);
    else {
      if (failed) log(`removing ${workDir} (--keep keeps it)`);
      try {
        removeTree(workDir);
      } catch (err) {
        log(`could not remove ${workDir}: ${err.message}`);
      }
    }
  }
}

module.exports = {
  parseDockerfile,
  stagesOf,
  dockerignore,
  interpolate,
  moveCopyPrismaBelowNpmCi,
  checkCompose,
  readCompose,
  replay,
  startupSets,
};

if (require.main === module) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`check-image: ${signal}: stopping the steps and apps it started`);
      for (const app of startedApps) app.child?.kill('SIGTERM');
      stopSteps().then(() => process.exit(130));
    });
  }
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err) => {
      console.error(`check-image: FAILED: ${err instanceof CheckError ? err.message : err.stack}`);
      process.exit(1);
    },
  );
}
