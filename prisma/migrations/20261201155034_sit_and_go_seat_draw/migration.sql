-- AlterTable
ALTER TABLE "sit_and_gos" ADD COLUMN     "seat_commitment" VARCHAR(128),
ADD COLUMN     "seat_seed" VARCHAR(128);
