import { backoffMs, FaultBoard, faultMessage } from './fault-board';

describe('FaultBoard', () => {
  it('reports a new error of a source once: the same message again is counted, not reported; another message is reported', () => {
    const b = new FaultBoard();
    expect(b.report('mtt:1', new Error('boom'))).toBe(true);
    expect(b.report('mtt:1', new Error('boom'))).toBe(false);
    expect(b.report('mtt:1', new Error('boom'))).toBe(false);
    expect(b.list()).toEqual([expect.objectContaining({ source: 'mtt:1', message: 'Error: boom', count: 3 })]);
    expect(b.report('mtt:1', new RangeError('Maximum call stack size exceeded'))).toBe(true);
    expect(b.list('mtt:1')[0]).toMatchObject({ message: 'RangeError: Maximum call stack size exceeded', count: 4 });
    // Another source is its own fault.
    expect(b.report('mtt:1:table:3', new Error('boom'))).toBe(true);
    expect(b.list('mtt:1').map((f) => f.source)).toEqual(['mtt:1', 'mtt:1:table:3']);
    expect(b.list('mtt:12')).toEqual([]);
  });

  it('a source that works again is cleared (and reported anew when it fails again); clearAll clears a tournament and its tables', () => {
    const b = new FaultBoard();
    b.report('mtt:1', new Error('x'));
    b.report('mtt:1:table:2', new Error('y'));
    b.report('mtt:10', new Error('z'));
    b.clear('mtt:1');
    expect(b.report('mtt:1', new Error('x'))).toBe(true);
    b.clearAll('mtt:1');
    expect(b.list().map((f) => f.source)).toEqual(['mtt:10']);
  });

  it('messages are one line; back-off doubles from the base up to the cap', () => {
    expect(faultMessage(new Error('first line\n    at stack'))).toBe('Error: first line');
    expect(faultMessage('plain')).toBe('plain');
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
