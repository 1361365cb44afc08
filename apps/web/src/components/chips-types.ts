// GET/POST /chips/top-up (libs/platform/src/accounts/top-up.ts TopUpStatus).
export interface TopUpStatusView {
  available: boolean;
  target: number;
  below: number;
  amount: number;
  nextAt: string | null;
  balance: number;
  reason: string | null;
}
