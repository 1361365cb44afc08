// Table chat rules (issue 23, item 5), checked by the room before a message goes out:
//   - only seated players chat; a player the host muted is refused for everyone (MUTED_BY_HOST);
//   - text with control, zero-width or bidirectional characters is refused (contracts UNSAFE_TEXT;
//     the socket schema refuses it too, this guards routed commands and other callers);
//   - rate limit per player (a burst of 5, then one message every 2 s), whatever socket he uses;
//   - a player all-in in a running hand with another player still in it may not chat until the
//     hand is over (ALL_IN_NO_CHAT): nothing he says can help or hint at a live hand.
// Each accepted message gets an id and is remembered (the last 100) so a report names a message
// the server really sent, with its author and text taken from here, not from the reporter.
import { isOver, type HandState } from '@naiko/engine';
import { UNSAFE_TEXT, type TableChatMessage } from '@naiko/contracts';
import { TableHostError } from '../host-errors';
import { TokenBucket } from '../rate-limit';
import type { RunningHand } from './running-hand';

/** Five messages at once, then one every two seconds. */
export const CHAT_RATE = { burst: 5, perSecond: 0.5 };
const REMEMBERED = 100;

export class ChatModeration {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly recent: TableChatMessage[] = [];
  private seq = 0;

  constructor(private readonly tableId: string) {}

  /** Throws the typed refusal of a message, or returns the cleaned text (trimmed). */
  check(
    userId: string,
    text: string,
    now: number,
    ctx: { seat: number; muted: boolean; hand: RunningHand | null },
  ): string {
    if (ctx.seat < 0) throw new TableHostError('FORBIDDEN', 'NOT_SEATED', 'only seated players chat at the table');
    if (ctx.muted) throw new TableHostError('FORBIDDEN', 'MUTED_BY_HOST', 'the host muted you at this table');
    const clean = text.trim();
    if (UNSAFE_TEXT.test(text))
      throw new TableHostError(
        'BAD_PAYLOAD',
        'UNSAFE_TEXT',
        'chat must not contain control, zero-width or bidirectional characters',
      );
    if (clean.length === 0 || clean.length > 200)
      throw new TableHostError('BAD_PAYLOAD', 'BAD_TEXT', 'a chat message has 1 to 200 characters');
    if (ctx.hand && allInAgainstLivePlayers(ctx.hand, ctx.seat, userId)) {
      throw new TableHostError(
        'FORBIDDEN',
        'ALL_IN_NO_CHAT',
        'no chat while you are all-in in a hand with other players in it',
      );
    }
    let bucket = this.buckets.get(userId);
    if (!bucket) this.buckets.set(userId, (bucket = new TokenBucket(CHAT_RATE.burst, CHAT_RATE.perSecond, now)));
    if (!bucket.take(now))
      throw new TableHostError('RATE_LIMITED', 'CHAT_RATE_LIMITED', 'too many chat messages; wait a moment');
    return clean;
  }

  /** Names and remembers an accepted message. */
  record(message: Omit<TableChatMessage, 'id'>): TableChatMessage {
    const full: TableChatMessage = { ...message, id: `${this.tableId.slice(0, 8)}-${++this.seq}-${message.at}` };
    this.recent.push(full);
    if (this.recent.length > REMEMBERED) this.recent.shift();
    return full;
  }

  /** A recent message by id (a report), or a NOT_FOUND refusal. */
  find(id: string): TableChatMessage {
    const message = this.recent.find((x) => x.id === id);
    if (!message) throw new TableHostError('NOT_FOUND', 'UNKNOWN_MESSAGE', 'no such recent chat message at this table');
    return message;
  }
}

/** He is dealt in, all-in, the hand is not over, and at least one other player has not folded. */
export function allInAgainstLivePlayers(hand: RunningHand, seat: number, userId: string): boolean {
  if (hand.players.get(seat) !== userId) return false;
  const handState: HandState = hand.state;
  if (isOver(handState)) return false;
  const me = handState.seats.indexOf(seat);
  if (me < 0 || !handState.allIn[me] || handState.folded[me]) return false;
  return handState.seats.some((_, i) => i !== me && !handState.folded[i]);
}
