/**
 * The attacker of bench/flood.ts, in its own process (its sending must not slow the measuring
 * clients): `tsx bench/support/flooder.ts URL TOKEN COUNT SECONDS`. One socket.io client sends COUNT
 * messages as fast as the socket takes them — a mix of sitAndGoWatch, tournamentWatch, ping,
 * malformed payloads and unknown events. When the server cuts it off it reconnects (100 ms later)
 * and floods again, until SECONDS have passed (a cut-off attacker is refused for a while: that is the point).
 * It connects first and prints `ready`; the flood starts when a line arrives on its stdin (so its
 * own start-up is not measured). Every time it is let in, it sends COUNT messages at once, as fast
 * as the socket takes them.
 * Prints one JSON line:
 * {"sent","cutOff","refused","rateLimited","unknown","badPayload","notFound","otherErrors","seconds"}.
 */
import { io } from 'socket.io-client';

const [url, token, countArg, secondsArg] = process.argv.slice(2);
const count = Number(countArg ?? 50_000);
const seconds = Number(secondsArg ?? 30);

const mix: ((i: number) => [string, unknown])[] = [
  (i) => ['sitAndGoWatch', { instanceId: 1 + (i % 1000) }],
  (i) => ['tournamentWatch', { tournamentId: 1 + (i % 1000) }],
  (i) => ['ping', { nonce: `f${i}` }],
  () => ['table:act', { tableId: 'not-a-uuid', version: -1, action: { type: 'shove' } }],
  () => ['sitAndGoWatch', 'garbage'],
  (i) => ['tournamentWatch', { tournamentId: 'x'.repeat(i % 200) }],
  (i) => [`no-such-event-${i % 97}`, { i }],
  () => ['table:watch', null],
];

const out = {
  sent: 0,
  cutOff: 0,
  refused: 0,
  rateLimited: 0,
  unknown: 0,
  badPayload: 0,
  notFound: 0,
  otherErrors: 0,
  seconds: 0,
};
const socket = io(url!, {
  transports: ['websocket'],
  auth: { token },
  reconnectionDelay: 100,
  reconnectionDelayMax: 100,
  randomizationFactor: 0,
});
let welcomed = false;
let started = false;
let t0 = Date.now();

socket.on('welcome' as never, () => {
  welcomed = true;
  if (!started) console.log('ready');
  else flood();
});
process.stdin.once('data', () => {
  started = true;
  t0 = Date.now();
  setInterval(() => {
    if (Date.now() - t0 > seconds * 1000) finish();
  }, 100);
  flood();
});
socket.on('error' as never, (error: { code: string; message: string }) => {
  if (error.code === 'RATE_LIMITED') {
    out.rateLimited++;
    if (error.message.startsWith('ABUSE') && !welcomed) out.refused++;
  } else if (error.code === 'UNKNOWN_EVENT') out.unknown++;
  else if (error.code === 'BAD_PAYLOAD') out.badPayload++;
  else if (error.code === 'NOT_FOUND') out.notFound++;
  else out.otherErrors++;
});
socket.on('disconnect', (reason) => {
  // Cut off: told and disconnected, or (an abuser's backlog is not read) the connection dropped.
  if (welcomed && started) out.cutOff++;
  welcomed = false;
  // A server-side disconnect is final for socket.io-client: come back, as an attacker would
  // (after a dropped connection it reconnects by itself).
  if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 100);
});

function finish(): void {
  out.seconds = Math.round((Date.now() - t0) / 100) / 10;
  socket.close();
  console.log(JSON.stringify(out));
  process.exit(0);
}

/** COUNT messages at once, while the server lets this socket in. */
function flood(): void {
  if (!socket.connected || !welcomed) return; // the next welcome floods again
  for (let k = 0; k < count && socket.connected; k++, out.sent++) {
    const [event, payload] = mix[out.sent % mix.length]!(out.sent);
    (socket.emit as (e: string, p: unknown) => void)(event, payload);
  }
}
