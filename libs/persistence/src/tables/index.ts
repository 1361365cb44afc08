export * from './cash-table-repository';
export * from './chat-report-repository';
