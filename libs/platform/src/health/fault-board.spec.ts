import { backoffMs, FaultBoard, faultMessage } from './fault-board';

describe('FaultBoard', () => {
  it('reports a new error of a source once: the same message again is counted, not reported; another message is reported', () => {
    const board = new FaultBoard();
    expect(board.report('mtt:1', new Error('boom'))).toBe(true);
    expect(board.report('mtt:1', new Error('boom'))).toBe(false);
    expect(board.report('mtt:1', new Error('boom'))).toBe(false);
    expect(board.list()).toEqual([expect.objectContaining({ source: 'mtt:1', message: 'Error: boom', count: 3 })]);
    expect(board.report('mtt:1', new RangeError('Maximum call stack size exceeded'))).toBe(true);
    expect(board.list('mtt:1')[0]).toMatchObject({ message: 'RangeError: Maximum call stack size exceeded', count: 4 });
    // Another source is its own fault.
    expect(board.report('mtt:1:table:3', new Error('boom'))).toBe(true);
    expect(board.list('mtt:1').map((f) => f.source)).toEqual(['mtt:1', 'mtt:1:table:3']);
    expect(board.list('mtt:12')).toEqual([]);
  });

  it('a source that works again is cleared (and reported anew when it fails again); clearAll clears a tournament and its tables', () => {
    const board = new FaultBoard();
    board.report('mtt:1', new Error('x'));
    board.report('mtt:1:table:2', new Error('y'));
    board.report('mtt:10', new Error('z'));
    board.clear('mtt:1');
    expect(board.report('mtt:1', new Error('x'))).toBe(true);
    board.clearAll('mtt:1');
    expect(board.list().map((f) => f.source)).toEqual(['mtt:10']);
  });

  it('messages are one line; back-off doubles from the base up to the cap', () => {
    expect(faultMessage(new Error('first line\n    at stack'))).toBe('Error: first line');
    expect(faultMessage('plain')).toBe('plain');
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
