export * from './chip-source';
export * from './blind-schedule';
export * from './ports';
export * from './serial-queue';
export * from './host-errors';
export * from './table-host';
