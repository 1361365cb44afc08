-- Issue 25: final-table deals and interruptions of scheduled tournaments.
-- A pause stops new hands at every table of the tournament (a deal under discussion, too many
-- players disconnected, or the admin); the level clock is held while it lasts.
ALTER TABLE "scheduled_tournaments" ADD COLUMN "paused_reason" VARCHAR(16);
ALTER TABLE "scheduled_tournaments" ADD COLUMN "paused_at" TIMESTAMPTZ(3);

-- One row per deal proposed at a final table: the figures, who accepted, how it ended.
CREATE TABLE "mtt_deals" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "method" VARCHAR(16) NOT NULL,
    "left_to_play_for" BIGINT NOT NULL DEFAULT 0,
    -- waiting (for the hand in progress to end) | open | accepted | rejected | void
    "status" VARCHAR(16) NOT NULL,
    "proposed_by" UUID NOT NULL,
    -- [{ userId, entryId, stack, prize }] once the figures are fixed (no hand in progress)
    "players" JSONB,
    "accepted_by" UUID[] NOT NULL DEFAULT '{}',
    "forced" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "mtt_deals_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "mtt_deals_tournament_id_status_idx" ON "mtt_deals"("tournament_id", "status");
