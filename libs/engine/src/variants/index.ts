export * from './types';
export * from './flop';
export * from './stud';
export * from './draw';
export * from './naiko';
export * from './catalog';
