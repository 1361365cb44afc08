-- AlterTable
ALTER TABLE "cash_tables" ADD COLUMN     "bomb_pot_pending" BOOLEAN NOT NULL DEFAULT false;
