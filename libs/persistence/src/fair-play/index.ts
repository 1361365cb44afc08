export * from './fair-play-repository';
export * from './fair-play-scan-repository';
export * from './responsible-play-repository';
