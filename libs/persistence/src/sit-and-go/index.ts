export * from './legacy-sit-and-go-repository';
