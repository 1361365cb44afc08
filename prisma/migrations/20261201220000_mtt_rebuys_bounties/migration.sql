-- Issue 25: rebuys, add-ons and bounties of scheduled tournaments.
-- AlterTable
ALTER TABLE "mtt_entries" ADD COLUMN     "rebuys" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "add_on" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "head_increase" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "bounties_won" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "scheduled_tournaments" ADD COLUMN     "rebuys_bought" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "add_ons_bought" INTEGER NOT NULL DEFAULT 0;
