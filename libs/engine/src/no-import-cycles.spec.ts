/**
 * No import cycles in libs/engine (issue 24, item 2). The rule modules (draw, stud, powers, home-game
 * offers) import the machine's core; specs name their modules, `hand/rule-modules.ts` maps the names and
 * only the machine's entry points import that map. A cycle would bring back load-order tricks (`var`
 * hoisting, registration while a module is half loaded), so this test resolves the import graph of the
 * engine's sources (tests included) with the TypeScript parser and fails on any cycle.
 *
 * Counted: every import or re-export that exists at run time. `import type`/`export type` and imports
 * whose named bindings are all `type` are erased by the compiler and cannot create a load-order cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const src = __dirname;

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Whether an import or export declaration is erased by the compiler (type-only). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The run-time relative imports of a source file, resolved to files (`./x` → `x.ts` or `x/index.ts`). */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
    const spec = node.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.') || typeOnly(node)) continue;
    const base = resolve(dirname(file), spec.text);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (!target) throw new Error(`${relative(src, file)}: cannot resolve ${spec.text}`);
    out.push(target);
  }
  return out;
}

/** The cycles of a graph: its strongly connected components with more than one file, or a self-import (Tarjan). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('libs/engine has no import cycle', () => {
  const files = sourcesUnder(src);
  const graph = new Map(files.map((file) => [file, runtimeImports(file, readFileSync(file, 'utf8'))]));

  test('the graph covers the engine (every source file, with its imports)', () => {
    expect(files.length).toBeGreaterThan(80);
    expect(graph.get(join(src, 'hand', 'start.ts'))).toContain(join(src, 'hand', 'rule-modules.ts'));
  });

  test('no source file of libs/engine is part of an import cycle', () => {
    const cycles = importCycles(graph).map((cycle) => cycle.map((file) => relative(src, file)));
    expect(cycles).toEqual([]);
  });

  test('the checker finds a cycle of three files, a self-import and none through type-only imports', () => {
    const fileA = join(src, 'a.ts');
    const fileB = join(src, 'b.ts');
    const fileC = join(src, 'c.ts');
    expect(
      importCycles(
        new Map([
          [fileA, [fileB]],
          [fileB, [fileC]],
          [fileC, [fileA]],
        ]),
      ),
    ).toEqual([[fileA, fileB, fileC].sort()]);
    expect(importCycles(new Map([[fileA, [fileA]]]))).toEqual([[fileA]]);
    expect(
      importCycles(
        new Map([
          [fileA, [fileB]],
          [fileB, [fileC]],
          [fileC, []],
        ]),
      ),
    ).toEqual([]);
    const startFile = join(src, 'hand', 'start.ts');
    const typeOnlyText =
      "import type { Draft } from './draft';\nimport { type Rules } from './rule-module';\nexport type { StartHook } from './rule-module';";
    expect(runtimeImports(startFile, typeOnlyText)).toEqual([]);
    const valueText = "import { finish, type Draft } from './draft';\nexport * from './types';\nimport './flow';";
    expect(runtimeImports(startFile, valueText)).toEqual([
      join(src, 'hand', 'draft.ts'),
      join(src, 'hand', 'types.ts'),
      join(src, 'hand', 'flow.ts'),
    ]);
  });
});
