-- Issue 23: the host's controls of a cash/private table survive a restart (paused, approval
-- required, host-mutes, removed players, stakes owed to the next hand).
ALTER TABLE "cash_tables" ADD COLUMN "host_controls" JSONB;

-- Issue 23: table chat messages reported to the admins (text and author as the server sent them).
CREATE TABLE "chat_reports" (
    "id" SERIAL NOT NULL,
    "table_id" VARCHAR(64) NOT NULL,
    "message_id" VARCHAR(64) NOT NULL,
    "reporter_id" UUID NOT NULL,
    "reporter_name" VARCHAR(32) NOT NULL,
    "player_id" UUID NOT NULL,
    "player_name" VARCHAR(64) NOT NULL,
    "text" VARCHAR(200) NOT NULL,
    "reason" VARCHAR(200),
    "said_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_reports_pkey" PRIMARY KEY ("id")
);

-- One report per reporter and message.
CREATE UNIQUE INDEX "chat_reports_message_id_reporter_id_key" ON "chat_reports"("message_id", "reporter_id");
CREATE INDEX "chat_reports_created_at_idx" ON "chat_reports"("created_at");
