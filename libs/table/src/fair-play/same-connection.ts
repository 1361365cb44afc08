/**
 * Same device or network at one table (issue 26): a decision the table host takes when a player asks
 * for a seat, from the IP address and the client fingerprint (the web client sends one) of everyone
 * seated. Private tables only warn the host (friends on one home network are normal there); public
 * tables refuse the second seat. A player's own other connection (same user id) is never a match;
 * seats without an IP or fingerprint (bots, server-side seats) never match on the missing part.
 * Addresses in `sharedIps` (a known carrier NAT, the platform's own proxy) are not compared.
 */
import { FairPlayError } from './hands';

export interface ConnectionInfo {
  userId: string;
  /** Remote address as the server saw it; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) equals `1.2.3.4`. */
  ip: string | null;
  /** Opaque client fingerprint sent by the web client. */
  fingerprint: string | null;
}

export interface SameConnectionInput {
  tableId: string;
  /** Private (hosted) table: warn the host; public: refuse the seat. */
  privateTable: boolean;
  seated: readonly ConnectionInfo[];
  candidate: ConnectionInfo;
}

export interface SameConnectionOptions {
  matchIp: boolean;
  matchFingerprint: boolean;
  /** Addresses never compared (normalised like the input). */
  sharedIps: readonly string[];
}

export const DEFAULT_SAME_CONNECTION_OPTIONS: SameConnectionOptions = {
  matchIp: true,
  matchFingerprint: true,
  sharedIps: [],
};

export interface ConnectionMatch {
  /** The seated user the candidate shares something with. */
  userId: string;
  on: ('ip' | 'fingerprint')[];
  ip?: string;
  fingerprint?: string;
}

export type SameConnectionDecision =
  | { signal: 'same-connection'; decision: 'allow'; tableId: string; candidate: string; matches: [] }
  | {
      signal: 'same-connection';
      decision: 'warn-host' | 'refuse';
      tableId: string;
      candidate: string;
      matches: ConnectionMatch[];
    };

export function normaliseIp(ip: string): string {
  const normalized = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(normalized);
  return mapped ? mapped[1] : normalized;
}

export function decideSameConnection(
  input: SameConnectionInput,
  options: Partial<SameConnectionOptions> = {},
): SameConnectionDecision {
  const sameConnectionOptions: SameConnectionOptions = { ...DEFAULT_SAME_CONNECTION_OPTIONS, ...options };
  if (!input || typeof input.candidate?.userId !== 'string' || !Array.isArray(input.seated)) {
    throw new FairPlayError(
      'INVALID_INPUT',
      'decideSameConnection needs a candidate with a userId and the seated connections',
    );
  }
  const shared = new Set(sameConnectionOptions.sharedIps.map(normaliseIp));
  const usable = (ip: string | null) =>
    ip && ip.trim() !== '' && !shared.has(normaliseIp(ip)) ? normaliseIp(ip) : null;
  const cIp = sameConnectionOptions.matchIp ? usable(input.candidate.ip) : null;
  const cFp =
    sameConnectionOptions.matchFingerprint && input.candidate.fingerprint ? input.candidate.fingerprint : null;
  const matches: ConnectionMatch[] = [];
  for (const other of input.seated) {
    if (other.userId === input.candidate.userId) continue;
    const connectionMatch: ConnectionMatch = { userId: other.userId, on: [] };
    if (cIp !== null && usable(other.ip) === cIp) {
      connectionMatch.on.push('ip');
      connectionMatch.ip = cIp;
    }
    if (cFp !== null && other.fingerprint === cFp) {
      connectionMatch.on.push('fingerprint');
      connectionMatch.fingerprint = cFp;
    }
    if (connectionMatch.on.length > 0) matches.push(connectionMatch);
  }
  const base = { signal: 'same-connection' as const, tableId: input.tableId, candidate: input.candidate.userId };
  if (matches.length === 0) return { ...base, decision: 'allow', matches: [] };
  return { ...base, decision: input.privateTable ? 'warn-host' : 'refuse', matches };
}
