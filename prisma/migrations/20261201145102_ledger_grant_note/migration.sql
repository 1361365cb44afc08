-- AlterTable
ALTER TABLE "ledger_transactions" ADD COLUMN     "note" VARCHAR(200);
