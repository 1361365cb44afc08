// Prisma client provider, migrations (WASM schema engine), database selection.
export * from './prisma';
// The chip ledger, hand storage and crash recovery (issue 5).
export * from './ledger';
export * from './hands';
// Disconnection protection quota per player per 24 h (issue 18).
export * from './protection';
