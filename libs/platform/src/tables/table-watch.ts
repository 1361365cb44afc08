// Who may watch a table (and see its seat map): libs/table's rule for private tables, admins
// everywhere, then the table's own guard (a private event's table: its host and invitees only).
// Asked by the owner copy before a socket joins any of the table's rooms.
import { mayWatch } from '@naiko/table';
import type { RoutedUser } from '../cluster/table-router';
import { TableHostError } from './host-errors';
import type { TableHost } from './table-host';

/** libs/table's rule, and admins everywhere. */
export function mayWatchHere(host: TableHost, user: Pick<RoutedUser, 'sub' | 'role'>, inviteCode?: string): boolean {
  return user.role === 'admin' || mayWatch(host.table, user.sub, inviteCode);
}

export function requireWatch(host: TableHost, user: RoutedUser, inviteCode?: string): void {
  if (!mayWatchHere(host, user, inviteCode))
    throw new TableHostError('FORBIDDEN', 'NOT_INVITED', 'this private table is watched by invitation');
}

/** requireWatch, then the table's own guard (a private event's table: its host and invitees only). */
export async function requireWatchAsync(host: TableHost, user: RoutedUser, inviteCode?: string): Promise<void> {
  requireWatch(host, user, inviteCode);
  await host.options.watchGuard?.(user, inviteCode);
}
