// Prisma client provider, migrations (WASM schema engine), database selection.
export * from './prisma';
// The chip ledger, hand storage and crash recovery (issue 5).
export * from './ledger';
export * from './hands';
// Disconnection protection quota per player per 24 h (issue 18).
export * from './protection';
// Named repositories the platform services depend on instead of Prisma (issue 24 item 4).
export * from './users';
export * from './tables';
export * from './tournaments';
export * from './sit-and-go';
export * from './fair-play';
export * from './secrets';
export * from './cluster';
