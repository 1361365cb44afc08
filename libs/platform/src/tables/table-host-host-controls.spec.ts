// Host controls and chat moderation at the table host (issue 23, items 1 and 5), with the table's
// real rules (libs/table, the engine) and in-memory chips: every host command refused to a
// non-host changes nothing; pause holds the next deal, not the running hand; approval turns a sit
// into a request; a stood-up player's chips go back; stakes set during a hand start with the next.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import { TableHost, type TableHostOptions } from './table-host';
import type { HostCommand } from './room/host-controls';
import type { TableHostError } from './host-errors';

const HOST = 'host-user';
const ANN = 'ann-user';
const BOB = 'bob-user';
const CAT = 'cat-user';

function setup(over: Partial<TableHostOptions> = {}, seats = 3) {
  const timers = new ManualTimers();
  const chips = new MemoryChips();
  const broadcaster = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't-host',
    name: 'Home game',
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats,
      clock: { decisionMs: 20_000, timeBankMs: 0 } as never,
      private: { hostId: HOST, invited: [ANN, BOB, CAT], inviteCode: null },
    }),
    chips,
    hands: new MemoryHandSink(),
    broadcaster,
    timers,
    rng: seededRandom('host-controls'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
    ...over,
  });
  host.start();
  return { host, timers, chips, broadcaster };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

async function refusal(pending: Promise<unknown>): Promise<{ code: string; reason: string }> {
  try {
    await pending;
  } catch (err) {
    const error = err as TableHostError;
    return { code: error.code, reason: error.reason };
  }
  throw new Error('expected a refusal');
}

const userAt = (host: TableHost, seat: number): string => host.table.seats[seat]!.playerId;

/** Everyone folds to the big blind: the hand ends. */
async function foldAround(host: TableHost): Promise<void> {
  while (host.hand) {
    const la = host.legal()!;
    await host.act(userAt(host, la.seat), host.handState!.version, {
      type: la.actions.includes('check') ? 'check' : 'fold',
    });
    await flush(host);
  }
}

describe('table host: host controls (issue 23)', () => {
  it('every host command is refused to a non-host with FORBIDDEN NOT_HOST and changes nothing', async () => {
    const { host, chips } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    const version = host.table.version;
    const before = JSON.stringify(host.controls.saved());
    const commands: HostCommand[] = [
      { command: 'pause' },
      { command: 'resume' },
      { command: 'approval', on: true },
      { command: 'approve', playerId: BOB },
      { command: 'deny', playerId: BOB },
      { command: 'away', playerId: ANN },
      { command: 'stand-up', playerId: ANN },
      { command: 'remove', playerId: ANN },
      { command: 'transfer', playerId: ANN },
      { command: 'password', password: 'secret' },
      { command: 'stakes', stakes: { smallBlind: 10, bigBlind: 20 } },
      { command: 'mute', playerId: ANN },
      { command: 'unmute', playerId: ANN },
    ];
    for (const cmd of commands)
      expect(await refusal(host.controls.run({ userId: ANN }, cmd))).toEqual({ code: 'FORBIDDEN', reason: 'NOT_HOST' });
    // An admin is not the host of a private table either.
    expect(await refusal(host.controls.run({ userId: BOB, role: 'admin' }, { command: 'pause' }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'NOT_HOST',
    });
    expect(host.table.version).toBe(version);
    expect(JSON.stringify(host.controls.saved())).toBe(before);
    expect(chips.moves).toEqual([{ kind: 'buyIn', userId: ANN, amount: 500 }]);
  });

  it('pause: the running hand is played to its end, then no deal until resume', async () => {
    const { host, timers } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500, seat: 1 });
    timers.advance(200);
    await flush(host);
    expect(host.hand?.number).toBe(1);
    await host.controls.run({ userId: HOST }, { command: 'pause' });
    // The hand goes on: decisions are still taken.
    await foldAround(host);
    expect(host.table.handsPlayed).toBe(1);
    timers.advance(10_000);
    await flush(host);
    expect(host.hand).toBeNull();
    expect(host.summary().hostControls).toMatchObject({ paused: true });
    await host.controls.run({ userId: HOST }, { command: 'resume' });
    timers.advance(10);
    await flush(host);
    expect(host.hand?.number).toBe(2);
  });

  it('approval required: a sit is a request (no chips move); approve seats him, deny drops it', async () => {
    const { host, chips } = setup();
    await host.controls.run({ userId: HOST }, { command: 'approval', on: true });
    expect(await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 400, seat: 2 })).toBe(-1);
    expect(await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 300 })).toBe(-1);
    // A request the table would refuse is refused at once (buy-in above the 1,000 maximum).
    expect(await refusal(host.sit({ userId: CAT, name: 'cat' }, { buyIn: 1001 }))).toEqual({
      code: 'BAD_PAYLOAD',
      reason: 'BUY_IN_ABOVE_MAX',
    });
    expect(chips.moves).toEqual([]);
    expect(host.summary().hostControls!.seatRequests.map((r) => [r.name, r.buyIn])).toEqual([
      ['ann', 400],
      ['bob', 300],
    ]);
    await host.controls.run({ userId: HOST }, { command: 'approve', playerId: ANN });
    await host.controls.run({ userId: HOST }, { command: 'deny', playerId: BOB });
    expect(host.table.seats[2]).toMatchObject({ playerId: ANN, stack: 400 });
    expect(chips.moves).toEqual([{ kind: 'buyIn', userId: ANN, amount: 400 }]);
    expect(host.summary().hostControls!.seatRequests).toEqual([]);
    expect(await refusal(host.controls.run({ userId: HOST }, { command: 'approve', playerId: BOB }))).toEqual({
      code: 'NOT_FOUND',
      reason: 'NO_SEAT_REQUEST',
    });
    // The host himself never waits for his own approval.
    expect(await host.sit({ userId: HOST, name: 'hana' }, { buyIn: 500, seat: 0 })).toBe(0);
  });

  it('away sits out; stand up cashes out (now, or at the end of his hand); remove also bars him', async () => {
    const { host, timers, chips } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 600, seat: 1 });
    await host.sit({ userId: CAT, name: 'cat' }, { buyIn: 700, seat: 2 });
    await host.controls.run({ userId: HOST }, { command: 'away', playerId: CAT });
    expect(host.table.seats[2]).toMatchObject({ sittingOut: true, stack: 700 });
    await host.controls.run({ userId: HOST }, { command: 'stand-up', playerId: CAT });
    expect(host.table.seats[2]).toBeNull();
    expect(chips.moves.at(-1)).toEqual({ kind: 'cashOut', userId: CAT, amount: 700 });
    timers.advance(200);
    await flush(host);
    expect(host.hand).not.toBeNull();
    // Removed during the hand: he folds now (or at his turn), and leaves with what he has when it ends.
    await host.controls.run({ userId: HOST }, { command: 'remove', playerId: BOB });
    await flush(host);
    await foldAround(host);
    expect(host.table.seats[1]).toBeNull();
    const out = chips.moves.filter((m) => m.kind === 'cashOut' && m.userId === BOB);
    expect(out).toHaveLength(1);
    // Chips are conserved: Ann holds the rest of the 1,100 the two of them had.
    expect(out[0]!.amount + host.table.seats[0]!.stack).toBe(1100);
    expect(await refusal(host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'REMOVED_BY_HOST',
    });
    expect(host.controls.saved().removed).toEqual([BOB]);
  });

  it('transfer: the new host commands, the old one is refused; a password is the invite code', async () => {
    const { host } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.controls.run({ userId: HOST }, { command: 'password', password: 'friday-night' });
    expect(host.table.config.private!.inviteCode).toBe('friday-night');
    expect(host.summary().hostControls!.passwordSet).toBe(true);
    expect(await refusal(host.controls.run({ userId: HOST }, { command: 'transfer', playerId: 'stranger' }))).toEqual({
      code: 'NOT_FOUND',
      reason: 'NOT_AT_TABLE',
    });
    await host.controls.run({ userId: HOST }, { command: 'transfer', playerId: ANN });
    expect(host.summary().hostId).toBe(ANN);
    expect(host.table.config.private!.invited).toContain(HOST);
    expect(await refusal(host.controls.run({ userId: HOST }, { command: 'pause' }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'NOT_HOST',
    });
    await host.controls.run({ userId: ANN }, { command: 'password', password: null });
    expect(host.summary().hostControls!.passwordSet).toBe(false);
  });

  it('stakes set during a hand wait for it: hand 1 at 5/10, hand 2 at 10/20', async () => {
    const { host, timers } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500, seat: 1 });
    timers.advance(200);
    await flush(host);
    await host.controls.run({ userId: HOST }, { command: 'stakes', stakes: { smallBlind: 10, bigBlind: 20 } });
    expect(host.table.config.stakes).toMatchObject({ smallBlind: 5, bigBlind: 10 });
    expect(host.summary().hostControls!.pendingStakes).toEqual({ smallBlind: 10, bigBlind: 20 });
    // A bad one is refused now, not at the next deal.
    expect(
      await refusal(
        host.controls.run({ userId: HOST }, { command: 'stakes', stakes: { smallBlind: 30, bigBlind: 20 } }),
      ),
    ).toMatchObject({ code: 'BAD_PAYLOAD' });
    await foldAround(host);
    timers.advance(200);
    await flush(host);
    expect(host.hand?.number).toBe(2);
    expect(host.table.config.stakes).toMatchObject({ smallBlind: 10, bigBlind: 20 });
    // The blinds posted in hand 2: 10 and 20.
    const posts = host
      .hand!.log.filter((e) => e.type === 'forced-bet')
      .map((e) => (e as { amount: number }).amount)
      .sort((a, b) => a - b);
    expect(posts).toEqual([10, 20]);
    expect(host.controls.saved().pendingStakes).toBeNull();
  });

  it('a host restarted with its saved controls keeps pause, approval, mutes and removals', () => {
    const saved = { paused: true, approvalRequired: true, muted: [ANN], removed: [BOB], pendingStakes: null };
    const { host } = setup({ hostControls: saved });
    expect(host.controls.saved()).toEqual(saved);
    expect(host.summary().hostControls).toMatchObject({
      paused: true,
      approvalRequired: true,
      muted: [ANN],
      removed: [BOB],
    });
  });
});

describe('table host: chat moderation (issue 23)', () => {
  it('host-mute refuses the muted player for everyone; unmute lets him talk again', async () => {
    const { host, broadcaster } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.controls.run({ userId: HOST }, { command: 'mute', playerId: ANN });
    expect(await refusal(host.chat(ANN, 'hello'))).toEqual({ code: 'FORBIDDEN', reason: 'MUTED_BY_HOST' });
    await host.controls.run({ userId: HOST }, { command: 'unmute', playerId: ANN });
    await host.chat(ANN, '  hello  ');
    expect(broadcaster.chats.map((c) => c.text)).toEqual(['hello']);
    expect(broadcaster.chats[0]!.id).toEqual(expect.any(String));
    expect(host.chatRules.find(broadcaster.chats[0]!.id!).from.playerId).toBe(ANN);
  });

  it('rate limit: 5 messages at once, the 6th refused; one more after 2 s', async () => {
    const { host, timers } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    for (let i = 0; i < 5; i++) await host.chat(ANN, `m${i}`);
    expect(await refusal(host.chat(ANN, 'm5'))).toEqual({ code: 'RATE_LIMITED', reason: 'CHAT_RATE_LIMITED' });
    timers.advance(1_999);
    expect(await refusal(host.chat(ANN, 'm5'))).toEqual({ code: 'RATE_LIMITED', reason: 'CHAT_RATE_LIMITED' });
    timers.advance(1);
    await host.chat(ANN, 'm5');
  });

  it('control and bidirectional characters are refused (BAD_PAYLOAD UNSAFE_TEXT)', async () => {
    const { host, broadcaster } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    for (const text of ['a\u202Eb', 'line\nbreak', 'zero\u200Bwidth', 'nul\u0000']) {
      expect(await refusal(host.chat(ANN, text))).toEqual({ code: 'BAD_PAYLOAD', reason: 'UNSAFE_TEXT' });
    }
    expect(broadcaster.chats).toEqual([]);
  });

  it('no chat while all-in in a hand with another player still in it; back when the hand is over', async () => {
    const { host, timers } = setup();
    await host.sit({ userId: ANN, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500, seat: 1 });
    await host.sit({ userId: CAT, name: 'cat' }, { buyIn: 500, seat: 2 });
    timers.advance(200);
    await flush(host);
    // First to act shoves 500; the others are still in the hand (not folded).
    const la = host.legal()!;
    const shover = userAt(host, la.seat);
    await host.act(shover, host.handState!.version, { type: 'raise', amount: la.allInTo });
    await flush(host);
    expect(await refusal(host.chat(shover, 'gl'))).toEqual({ code: 'FORBIDDEN', reason: 'ALL_IN_NO_CHAT' });
    // The players not all-in may chat.
    const next = userAt(host, host.legal()!.seat);
    await host.chat(next, 'hmm');
    // Both others fold: the hand is over and he talks again.
    await foldAround(host);
    await host.chat(shover, 'thanks');
  });
});
