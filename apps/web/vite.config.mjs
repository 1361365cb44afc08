// Vite 7 build of the web client: apps/web → dist/web (served by libs/platform/src/web).
// `@naiko/contracts` resolves to the same source the gateway is built from; it imports the engine's list
// of games (`@naiko/engine/variants/catalog`, plain data), so that path resolves to the engine's source.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const repo = resolve(here, '..', '..');

export default defineConfig({
  root: here,
  base: '/',
  resolve: {
    alias: {
      '@naiko/contracts': resolve(repo, 'libs/contracts/src/index.ts'),
      '@naiko/engine/variants/catalog': resolve(repo, 'libs/engine/src/variants/catalog.ts'),
    },
  },
  build: { outDir: resolve(repo, 'dist/web'), emptyOutDir: true, target: 'es2022', sourcemap: true },
  logLevel: 'error',
});
