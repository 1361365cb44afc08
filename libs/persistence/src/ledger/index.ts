export * from './errors';
export * from './limits';
export * from './accounts';
export * from './canonical';
export * from './ledger';
export * from './audit';
export * from './session-ledger';
