// Loads Prisma's schema engine as WebAssembly. The native engine binary cannot be downloaded on
// our machines (see STACK.md), but the WASM build ships on npm and talks to the database through
// a Prisma driver adapter, so migrations run anywhere `npm install` runs.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

type Glue = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

// `lib: ES2023` without DOM has no WebAssembly typings; this is the slice we use.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<unknown>;
  instantiate(module: unknown, imports: Record<string, unknown>): Promise<{ exports: Record<string, unknown> }>;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let gluePromise: Promise<Glue> | undefined;

/** Instantiates the WASM module once per process; the JS glue keeps a single instance. */
async function loadGlue(): Promise<Glue> {
  gluePromise ??= (async () => {
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue: Glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(join(dirname(gluePath), 'schema_engine_bg.wasm'));
    const module = await Wasm.compile(bytes);
    const instance = await Wasm.instantiate(module, {
      './schema_engine_bg.js': glue as unknown,
    });
    const exports = instance.exports as unknown as { __wbindgen_start: () => void };
    glue.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return glue;
  })();
  return gluePromise;
}

export type EngineLog = (line: string) => void;

/** A schema engine bound to one database (through the given driver adapter factory). */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: EngineLog = () => undefined,
): Promise<SchemaEngine> {
  const glue = await loadGlue();
  return glue.SchemaEngine.new(
    { datamodels: undefined },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
