export * from './accounts.dto';
export * from './accounts.service';
export * from './accounts.controller';
export * from './accounts.module';
export * from './crash-recovery.service';
export * from './ledger-errors.filter';
export * from './roles';
export * from './top-up';
