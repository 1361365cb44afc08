export * from './sit-and-go-repository';
