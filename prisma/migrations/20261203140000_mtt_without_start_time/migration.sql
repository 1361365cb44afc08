-- Issue 21 item 2: a scheduled tournament may have no start time (it starts when full, the Sit &
-- Go's way), and may be a Spin (the prize multiplier drawn at the start from a committed seed).
ALTER TABLE "scheduled_tournaments" ALTER COLUMN "starts_at" DROP NOT NULL;
ALTER TABLE "scheduled_tournaments" ADD COLUMN "spin_seed" VARCHAR(128);
ALTER TABLE "scheduled_tournaments" ADD COLUMN "spin_commitment" VARCHAR(128);
ALTER TABLE "scheduled_tournaments" ADD COLUMN "spin_multiplier" INTEGER;
