-- AlterTable
ALTER TABLE "scheduled_tournaments" ADD COLUMN     "seat_commitment" VARCHAR(64),
ADD COLUMN     "seat_draw" JSONB,
ADD COLUMN     "seat_seed" VARCHAR(64);
