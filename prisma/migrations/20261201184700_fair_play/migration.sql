-- CreateEnum
CREATE TYPE "FairPlayFlagStatus" AS ENUM ('open', 'dismissed', 'actioned');

-- AlterEnum
ALTER TYPE "LedgerReason" ADD VALUE 'clawback';

-- CreateTable
CREATE TABLE "fair_play_flags" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "key" VARCHAR(300) NOT NULL,
    "signal" VARCHAR(32) NOT NULL,
    "pattern" VARCHAR(32),
    "user_ids" UUID[],
    "evidence" JSONB NOT NULL,
    "hand_ids" UUID[],
    "status" "FairPlayFlagStatus" NOT NULL DEFAULT 'open',
    "seen_count" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fair_play_flags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fair_play_reports" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "reporter_id" UUID NOT NULL,
    "reported_id" UUID NOT NULL,
    "table_id" VARCHAR(64),
    "hand_id" UUID,
    "reason" VARCHAR(32) NOT NULL,
    "text" VARCHAR(1000) NOT NULL DEFAULT '',
    "status" "FairPlayFlagStatus" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fair_play_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fair_play_sanctions" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "reason" VARCHAR(500) NOT NULL DEFAULT '',
    "flag_id" UUID,
    "report_id" UUID,
    "amount" BIGINT,
    "ledger_key" VARCHAR(200),
    "admin_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ends_at" TIMESTAMPTZ(3),
    "lifted_at" TIMESTAMPTZ(3),
    "seen_at" TIMESTAMPTZ(3),

    CONSTRAINT "fair_play_sanctions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_connections" (
    "user_id" UUID NOT NULL,
    "ip" VARCHAR(64),
    "fingerprint" VARCHAR(128),
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_connections_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "responsible_play" (
    "user_id" UUID NOT NULL,
    "cool_off_until" TIMESTAMPTZ(3),
    "reality_check_minutes" INTEGER,
    "session_started_at" TIMESTAMPTZ(3),
    "session_start_chips" BIGINT,
    "last_check_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "responsible_play_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "fair_play_flags_key_key" ON "fair_play_flags"("key");

-- CreateIndex
CREATE INDEX "fair_play_flags_status_last_seen_at_idx" ON "fair_play_flags"("status", "last_seen_at");

-- CreateIndex
CREATE INDEX "fair_play_reports_status_created_at_idx" ON "fair_play_reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "fair_play_sanctions_user_id_kind_idx" ON "fair_play_sanctions"("user_id", "kind");
