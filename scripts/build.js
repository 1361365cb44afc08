// Fast build for `npm start`: transpiles apps/ and libs/ with swc (no type check; `npm run
// typecheck` / `npm run build` do that) into dist/, rewriting the @naiko/* path aliases.
// Incremental: a file is recompiled only when its source is newer than its output.
const { transformFileSync } = require('@swc/core');
const { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const root = join(__dirname, '..');
const outDir = join(root, 'dist');
const { compilerOptions } = require(join(root, 'tsconfig.json'));

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && full !== join(root, 'apps', 'web')) yield* sources(full); // apps/web: Vite builds it
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.d.ts') &&
      !/\.(spec|test|e2e-spec|exhaustive)\.ts$/.test(entry.name)
    ) {
      yield full;
    }
  }
}

function build() {
  let compiled = 0;
  for (const top of ['apps', 'libs']) {
    for (const file of sources(join(root, top))) {
      const out = join(outDir, relative(root, file)).replace(/\.ts$/, '.js');
      if (existsSync(out) && statSync(out).mtimeMs >= statSync(file).mtimeMs) continue;
      const { code, map } = transformFileSync(file, {
        swcrc: false,
        sourceMaps: true,
        outputPath: out,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
          baseUrl: root,
          paths: compilerOptions.paths,
        },
        module: { type: 'commonjs', ignoreDynamic: true },
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
      if (map) writeFileSync(`${out}.map`, map);
      compiled++;
    }
  }
  return compiled;
}

if (require.main === module) {
  const started = Date.now();
  const compiledCount = build();
  console.log(`build: ${compiledCount} file(s) compiled in ${Date.now() - started} ms`);
}
module.exports = { build };
