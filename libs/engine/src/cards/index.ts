export * from './card';
export * from './deck';
