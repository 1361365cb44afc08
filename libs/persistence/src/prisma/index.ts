export * from './database';
export * from './demo-users';
export * from './installation';
export * from './migrations';
export * from './postgres';
export * from './prisma.service';
export * from './schema-engine';
export { PrismaClient, Prisma, UserRole } from '../generated/prisma/client';
export type { User } from '../generated/prisma/client';
