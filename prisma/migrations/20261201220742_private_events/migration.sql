-- AlterEnum
ALTER TYPE "SitAndGoStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "scheduled_tournaments" ADD COLUMN     "host_id" UUID;

-- AlterTable
ALTER TABLE "sit_and_gos" ADD COLUMN     "host_id" UUID;

-- CreateTable
CREATE TABLE "private_events" (
    "kind" VARCHAR(8) NOT NULL,
    "event_id" INTEGER NOT NULL,
    "host_id" UUID NOT NULL,
    "invite_code" VARCHAR(32) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "private_events_pkey" PRIMARY KEY ("kind","event_id")
);

-- CreateTable
CREATE TABLE "private_event_invites" (
    "kind" VARCHAR(8) NOT NULL,
    "event_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "via" VARCHAR(8) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "private_event_invites_pkey" PRIMARY KEY ("kind","event_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "private_events_invite_code_key" ON "private_events"("invite_code");

-- CreateIndex
CREATE INDEX "private_events_host_id_idx" ON "private_events"("host_id");

-- CreateIndex
CREATE INDEX "private_event_invites_user_id_idx" ON "private_event_invites"("user_id");
