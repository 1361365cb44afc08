import { sessionCsv, splitSessions, type TableStackEntry } from './session-ledger';

const ALICE = 'aaaaaaaa-0000-0000-0000-000000000001';
const BOB = 'bbbbbbbb-0000-0000-0000-000000000002';
let clock = 0;
let tx = 0n;
/** One ledger transaction touching the given stacks: [user, amount, balanceAfter]. */
function txn(reason: string, ...moves: [string, number, number][]): TableStackEntry[] {
  tx += 1n;
  clock += 1000;
  return moves.map(([userId, amount, balanceAfter], index) => ({
    entryId: tx * 10n + BigInt(index),
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
      ...txn('table_buy_in', [ALICE, 200, 200]),
      ...txn('table_buy_in', [BOB, 200, 200]),
      ...txn('hand_contribution', [ALICE, -150, 50], [BOB, -150, 50]),
      ...txn('hand_award', [BOB, 300, 350]),
      ...txn('reload', [ALICE, 100, 150]),
      ...txn('cash_out', [ALICE, -150, 0]),
      ...txn('cash_out', [BOB, -350, 0]),
    ];
    const [tableSession, ...more] = splitSessions(entries);
    expect(more).toEqual([]);
    expect(tableSession!.endedAt).not.toBeNull();
    expect(tableSession!.players).toEqual([
      { userId: ALICE, buyIns: 200, topUps: 100, cashOuts: 150, stack: 0, net: -150 },
      { userId: BOB, buyIns: 200, topUps: 0, cashOuts: 350, stack: 0, net: 150 },
    ]);
  });

  it('session ledger: an empty table ends the session and the next buy-in opens the next one', () => {
    const entries = [
      ...txn('table_buy_in', [ALICE, 100, 100]),
      ...txn('cash_out', [ALICE, -100, 0]),
      ...txn('table_buy_in', [BOB, 300, 300]),
      ...txn('table_buy_in', [ALICE, 50, 50]),
    ];
    const sessions = splitSessions(entries);
    expect(sessions.map((s) => [s.number, s.endedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Session 2 is still running: its stacks are the chips on the table now, net 0 so far.
    expect(sessions[1]!.players).toEqual([
      { userId: BOB, buyIns: 300, topUps: 0, cashOuts: 0, stack: 300, net: 0 },
      { userId: ALICE, buyIns: 50, topUps: 0, cashOuts: 0, stack: 50, net: 0 },
    ]);
  });

  it('session ledger: a busted player at 0 does not end the session while another still has chips', () => {
    const entries = [
      ...txn('table_buy_in', [ALICE, 100, 100]),
      ...txn('table_buy_in', [BOB, 100, 100]),
      ...txn('hand_contribution', [ALICE, -100, 0], [BOB, -100, 0]),
      ...txn('hand_award', [BOB, 200, 200]),
      ...txn('cash_out', [BOB, -200, 0]),
    ];
    const sessions = splitSessions(entries);
    // Both stacks were 0 inside the hand's contribution transaction pair, but the session only
    // ends after B cashes out: between the contribution and the award the pot held the chips.
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.players.map((p) => p.net)).toEqual([-100, 100]);
  });

  it('session ledger CSV: one line per player and a total line, names quoted and never formulas', () => {
    const [tableSession] = splitSessions([
      ...txn('table_buy_in', [ALICE, 100, 100]),
      ...txn('cash_out', [ALICE, -40, 60]),
    ]);
    const csv = sessionCsv(tableSession!, new Map([[ALICE, '=ann "the" bold']]));
    expect(csv).toBe(
      'player,buy_ins,top_ups,cash_outs,stack,net\r\n' +
        '"\'=ann ""the"" bold",100,0,40,60,0\r\n' +
        '"total",100,0,40,60,0\r\n',
    );
  });
});
