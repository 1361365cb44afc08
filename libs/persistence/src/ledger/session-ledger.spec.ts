import { sessionCsv, splitSessions, type TableStackEntry } from './session-ledger';

const A = 'aaaaaaaa-0000-0000-0000-000000000001';
const B = 'bbbbbbbb-0000-0000-0000-000000000002';
let clock = 0;
let tx = 0n;
/** One ledger transaction touching the given stacks: [user, amount, balanceAfter]. */
function txn(reason: string, ...moves: [string, number, number][]): TableStackEntry[] {
  tx += 1n;
  clock += 1000;
  return moves.map(([userId, amount, balanceAfter], i) => ({
    entryId: tx * 10n + BigInt(i),
    transactionId: tx,
    reason,
    userId,
    amount,
    balanceAfter,
    at: new Date(clock),
  }));
}

describe('session ledger (issue 23)', () => {
  it("session ledger: buy-ins, a top-up, a hand and cash-outs sum to each player's net, and the nets to zero", () => {
    // Ann buys in 200, Ben 200. Ann loses 150 of it to Ben in a hand (contribution, then award),
    // tops up 100, and both leave: Ann cashes out 150 (200 − 150 + 100), Ben 350 (200 + 150).
    const entries = [
      ...txn('table_buy_in', [A, 200, 200]),
      ...txn('table_buy_in', [B, 200, 200]),
      ...txn('hand_contribution', [A, -150, 50], [B, -150, 50]),
      ...txn('hand_award', [B, 300, 350]),
      ...txn('reload', [A, 100, 150]),
      ...txn('cash_out', [A, -150, 0]),
      ...txn('cash_out', [B, -350, 0]),
    ];
    const [s, ...more] = splitSessions(entries);
    expect(more).toEqual([]);
    expect(s!.endedAt).not.toBeNull();
    expect(s!.players).toEqual([
      { userId: A, buyIns: 200, topUps: 100, cashOuts: 150, stack: 0, net: -150 },
      { userId: B, buyIns: 200, topUps: 0, cashOuts: 350, stack: 0, net: 150 },
    ]);
  });

  it('session ledger: an empty table ends the session and the next buy-in opens the next one', () => {
    const entries = [
      ...txn('table_buy_in', [A, 100, 100]),
      ...txn('cash_out', [A, -100, 0]),
      ...txn('table_buy_in', [B, 300, 300]),
      ...txn('table_buy_in', [A, 50, 50]),
    ];
    const sessions = splitSessions(entries);
    expect(sessions.map((s) => [s.number, s.endedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Session 2 is still running: its stacks are the chips on the table now, net 0 so far.
    expect(sessions[1]!.players).toEqual([
      { userId: B, buyIns: 300, topUps: 0, cashOuts: 0, stack: 300, net: 0 },
      { userId: A, buyIns: 50, topUps: 0, cashOuts: 0, stack: 50, net: 0 },
    ]);
  });

  it('session ledger: a busted player at 0 does not end the session while another still has chips', () => {
    const entries = [
      ...txn('table_buy_in', [A, 100, 100]),
      ...txn('table_buy_in', [B, 100, 100]),
      ...txn('hand_contribution', [A, -100, 0], [B, -100, 0]),
      ...txn('hand_award', [B, 200, 200]),
      ...txn('cash_out', [B, -200, 0]),
    ];
    const sessions = splitSessions(entries);
    // Both stacks were 0 inside the hand's contribution transaction pair, but the session only
    // ends after B cashes out: between the contribution and the award the pot held the chips.
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.players.map((p) => p.net)).toEqual([-100, 100]);
  });

  it('session ledger CSV: one line per player and a total line, names quoted and never formulas', () => {
    const [s] = splitSessions([...txn('table_buy_in', [A, 100, 100]), ...txn('cash_out', [A, -40, 60])]);
    const csv = sessionCsv(s!, new Map([[A, '=ann "the" bold']]));
    expect(csv).toBe(
      'player,buy_ins,top_ups,cash_outs,stack,net\r\n' +
        '"\'=ann ""the"" bold",100,0,40,60,0\r\n' +
        '"total",100,0,40,60,0\r\n',
    );
  });
});
