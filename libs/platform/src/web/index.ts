export * from './web.module';
export * from './static-files';
export * from './hand-history.controller';
