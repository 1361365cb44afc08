export * from './random-source';
export * from './crypto-random';
export * from './commitment';
export * from './deal-commitment';
