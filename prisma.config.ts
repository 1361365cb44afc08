// Prisma 7 config. The native schema engine cannot be downloaded on our machines, and
// `prisma generate` does not need it, yet the CLI insists it exists: point it at any file.
// Migrations go through scripts/migrate.ts (the WASM schema engine) instead of `prisma migrate`.
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= __filename;

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/naiko' },
});
