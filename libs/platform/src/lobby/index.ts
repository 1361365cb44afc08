export * from './lobby.module';
export * from './lobby.controller';
export * from './lobby-filter';
