export * from './table-lease-repository';
