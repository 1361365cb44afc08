export * from './web.module';
export * from './static-files';
