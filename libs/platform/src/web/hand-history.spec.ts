import type { HandEvent } from '@naiko/engine';
import { hideUnshownCards } from './hand-history.controller';
import { resolveStaticFile } from './static-files';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Cards: rank * 4 + suit (c d h s): As = 51, Kd = 45, 2c = 0, 7h = 22, Qs = 43, Jc = 36.
const ev = (e: object) => e as HandEvent;

describe('hideUnshownCards (a player downloads only what he saw)', () => {
  const phh = 'actions = [ "d dh p1 AsKd", "d dh p2 2c7h", "d dh p3 QsJc", "p1 sm AsKd", "p2 sm" ]\n';
  const events = [
    ev({ type: 'hole-dealt', seat: 4, cards: [51, 45], up: [false, false] }),
    ev({ type: 'hole-dealt', seat: 7, cards: [0, 22], up: [false, false] }),
    ev({ type: 'hole-dealt', seat: 9, cards: [43, 36], up: [false, false] }),
    ev({ type: 'hand-shown', seat: 4, cards: [51, 45] }),
  ];

  it('keeps own and shown cards, hides the rest as ??', () => {
    expect(hideUnshownCards(phh, events, 9)).toBe('actions = [ "d dh p1 AsKd", "d dh p2 ????", "d dh p3 QsJc", "p1 sm AsKd", "p2 sm" ]\n');
  });

  it('keeps face-up (stud) cards of a hidden hand', () => {
    const stud = 'actions = [ "d dh p2 2c7h" ]\n';
    expect(hideUnshownCards(stud, [ev({ type: 'hole-dealt', seat: 7, cards: [0, 22], up: [false, true] })], 9)).toBe('actions = [ "d dh p2 ??7h" ]\n');
  });
});

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
