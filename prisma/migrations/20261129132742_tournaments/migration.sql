-- CreateEnum
CREATE TYPE "ScheduledTournamentStatus" AS ENUM ('scheduled', 'registering', 'running', 'paying', 'finished', 'cancelled');

-- CreateTable
CREATE TABLE "scheduled_tournaments" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "status" "ScheduledTournamentStatus" NOT NULL DEFAULT 'scheduled',
    "config" JSONB NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "registration_opens_at" TIMESTAMPTZ(3) NOT NULL,
    "state" JSONB NOT NULL,
    "step_index" INTEGER NOT NULL DEFAULT 0,
    "step_started_at" TIMESTAMPTZ(3),
    "hands_played" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduled_tournaments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "scheduled_tournaments_status_starts_at_idx" ON "scheduled_tournaments"("status", "starts_at");
