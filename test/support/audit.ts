// The ledger audit as the suites that play hands expect it after their checks: every chip proven
// (`npm run -s audit`'s report, libs/persistence ledger/audit.ts), and no hand left running.
import { auditLedger, type PrismaClient } from '@naiko/persistence';

export async function expectAuditClean(prisma: PrismaClient): Promise<void> {
  const report = await auditLedger(prisma);
  expect({ ...report, books: undefined }).toMatchObject({
    ok: true,
    difference: 0,
    balanceMismatches: [],
    unbalancedTransactions: [],
    negativeBalances: [],
    finishedHandsHoldingChips: [],
    runningHands: 0,
  });
}
