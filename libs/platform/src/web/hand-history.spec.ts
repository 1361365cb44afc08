import { resolveStaticFile } from './static-files';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('resolveStaticFile (the client folder only)', () => {
  const root = mkdtempSync(join(tmpdir(), 'naiko-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<html>');
  writeFileSync(join(root, 'assets', 'a.js'), '1');

  it('serves index.html at / and files by path; refuses paths outside and unknown files', () => {
    expect(resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticFile(root, '/assets/a.js?v=1')).toBe(join(root, 'assets', 'a.js'));
    expect(resolveStaticFile(root, '/../etc/passwd')).toBeNull();
    expect(resolveStaticFile(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveStaticFile(root, '/lobby/tables')).toBeNull();
    expect(resolveStaticFile(root, '/assets')).toBeNull();
  });
});
