export * from './chip-flows';
export * from './hand-store';
export * from './crash-recovery';
export * from './hand-history-repository';
export type { FenceToken } from './fast-path';
