// Prisma client provider, migrations (WASM schema engine), database selection.
export * from './prisma';
