export * from './app';
export * from './database';
export * from './socket';
