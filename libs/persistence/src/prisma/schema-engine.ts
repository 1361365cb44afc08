// Loads Prisma's schema engine as WebAssembly. The native engine binary cannot be downloaded on
// our machines (no route to Prisma's binaries), but the WASM build ships on npm and talks to the database through
// a Prisma driver adapter, so migrations run anywhere `npm install` runs.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { splitSqlScript } from './sql-script';

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
    // The engine arms 10 s timers (query timeouts) that would keep a finished process alive:
    // hand it unref'd timers instead.
    const imports: Record<string, unknown> = { ...glue };
    for (const name of Object.keys(imports)) {
      if (!name.startsWith('__wbg_setTimeout_')) continue;
      const arm = imports[name] as (...a: unknown[]) => { unref?: () => void };
      imports[name] = (...args: unknown[]) => {
        const timer = arm(...args);
        timer?.unref?.();
        return timer;
      };
    }
    const instance = await Wasm.instantiate(module, { './schema_engine_bg.js': imports });
    const exports = instance.exports as unknown as { __wbindgen_start: () => void };
    glue.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return glue;
  })();
  return gluePromise;
}

export type EngineLog = (line: string) => void;

/** A schema engine bound to one database, and how to release it (engine + its connections). */
export interface SchemaEngineSession {
  engine: SchemaEngine;
  close(): Promise<void>;
}

type Adapter = Awaited<ReturnType<SqlMigrationAwareDriverAdapterFactory['connect']>>;

/**
 * Opens a schema engine on the database behind `adapterFactory`. The engine does not dispose
 * the driver adapters it connects (adapter-pg's pool would keep the process alive), so the
 * session tracks them and disposes them on close().
 */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: EngineLog = () => undefined,
): Promise<SchemaEngineSession> {
  const glue = await loadGlue();
  const opened: Adapter[] = [];
  const track = async (pending: Promise<Adapter>) => {
    const adapter = await pending;
    opened.push(adapter);
    // adapter-pg splits scripts on every ";" (function bodies too): split them properly here and
    // send each statement on its own.
    adapter.executeScript = async (script: string) => {
      for (const sql of splitSqlScript(script)) await adapter.executeRaw({ sql, args: [], argTypes: [] });
    };
    return adapter;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: () => track(adapterFactory.connect()),
    connectToShadowDb: () => track(adapterFactory.connectToShadowDb()),
  };
  const engine = await glue.SchemaEngine.new(
    { datamodels: undefined },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.splice(0).map((a) => a.dispose().catch(() => undefined)));
    },
  };
}
