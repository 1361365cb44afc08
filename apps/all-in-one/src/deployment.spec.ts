// docker-compose.yml cannot be run here (no Docker engine), so CI checks it by reading it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..', '..');
const APPS = ['lobby', 'cash-table', 'sit-and-go', 'tournament'];

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };

  it('has postgres, redis, every app and an optional all-in-one', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'redis', ...APPS, 'all-in-one'].sort());
    expect(compose.services['all-in-one'].profiles).toEqual(['all-in-one']);
  });

  it('runs every app from the one image with its APP, the shared database and Redis', () => {
    for (const name of [...APPS, 'all-in-one']) {
      const service = compose.services[name];
      expect(service.image).toBe('naiko:latest');
      expect(service.build).toBe('.');
      expect(service.environment).toMatchObject({
        APP: name,
        DATABASE_URL: 'postgresql://naiko:naiko@postgres:5432/naiko',
        REDIS_URL: 'redis://redis:6379',
        EMBEDDED_FALLBACK: 'false',
      });
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('names only apps that exist (apps/<APP>/src/main.ts)', () => {
    for (const name of [...APPS, 'all-in-one']) {
      expect(() => readFileSync(join(root, 'apps', name, 'src', 'main.ts'))).not.toThrow();
    }
  });

  it('lets exactly the lobby (and all-in-one) migrate and seed', () => {
    const migrating = Object.entries(compose.services)
      .filter(([, s]) => s.environment?.MIGRATE_ON_START === 'true')
      .map(([n]) => n)
      .sort();
    expect(migrating).toEqual(['all-in-one', 'lobby']);
  });
});

describe('Dockerfile', () => {
  it('builds once and starts the app named by APP', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/RUN node scripts\/build\.js/);
    expect(dockerfile).toMatch(/dist\/apps\/\$APP\/src\/main\.js/);
  });
});
