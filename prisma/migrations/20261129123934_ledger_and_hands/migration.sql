-- CreateEnum
CREATE TYPE "ChipAccountKind" AS ENUM ('issuer', 'user', 'table_stack', 'tournament_pool', 'tournament_stack', 'hand_pot', 'house');

-- CreateEnum
CREATE TYPE "LedgerReason" AS ENUM ('grant', 'table_buy_in', 'reload', 'cash_out', 'tournament_entry', 'tournament_prize', 'refund', 'crash_refund', 'tournament_chips', 'hand_contribution', 'hand_award');

-- CreateEnum
CREATE TYPE "TournamentEntryStatus" AS ENUM ('registered', 'playing', 'busted', 'finished', 'refunded');

-- CreateEnum
CREATE TYPE "HandStatus" AS ENUM ('running', 'completed', 'cancelled');

-- CreateTable
CREATE TABLE "chip_accounts" (
    "id" BIGSERIAL NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "book" VARCHAR(100) NOT NULL,
    "kind" "ChipAccountKind" NOT NULL,
    "user_id" UUID,
    "table_id" VARCHAR(64),
    "tournament_id" VARCHAR(64),
    "hand_id" UUID,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chip_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" BIGSERIAL NOT NULL,
    "idempotency_key" VARCHAR(200) NOT NULL,
    "reason" "LedgerReason" NOT NULL,
    "table_id" VARCHAR(64),
    "hand_id" UUID,
    "tournament_id" VARCHAR(64),
    "request" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" BIGINT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament_entries" (
    "tournament_id" VARCHAR(64) NOT NULL,
    "user_id" UUID NOT NULL,
    "fee" BIGINT NOT NULL,
    "starting_stack" BIGINT NOT NULL,
    "status" "TournamentEntryStatus" NOT NULL DEFAULT 'registered',
    "place" INTEGER,
    "prize" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tournament_entries_pkey" PRIMARY KEY ("tournament_id","user_id")
);

-- CreateTable
CREATE TABLE "hands" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "table_id" VARCHAR(64),
    "tournament_id" VARCHAR(64),
    "hand_number" INTEGER,
    "book" VARCHAR(100) NOT NULL,
    "config" JSONB NOT NULL,
    "players" JSONB NOT NULL,
    "commitment" VARCHAR(512),
    "status" "HandStatus" NOT NULL DEFAULT 'running',
    "result" JSONB,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "hands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hand_events" (
    "hand_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_events_pkey" PRIMARY KEY ("hand_id","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "chip_accounts_key_key" ON "chip_accounts"("key");

-- CreateIndex
CREATE INDEX "chip_accounts_book_kind_idx" ON "chip_accounts"("book", "kind");

-- CreateIndex
CREATE INDEX "chip_accounts_user_id_idx" ON "chip_accounts"("user_id");

-- CreateIndex
CREATE INDEX "chip_accounts_table_id_idx" ON "chip_accounts"("table_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_transactions_hand_id_idx" ON "ledger_transactions"("hand_id");

-- CreateIndex
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_idx" ON "ledger_entries"("account_id");

-- CreateIndex
CREATE INDEX "hands_status_idx" ON "hands"("status");

-- CreateIndex
CREATE INDEX "hands_table_id_idx" ON "hands"("table_id");

-- AddForeignKey
ALTER TABLE "chip_accounts" ADD CONSTRAINT "chip_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "chip_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hand_events" ADD CONSTRAINT "hand_events_hand_id_fkey" FOREIGN KEY ("hand_id") REFERENCES "hands"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written (schema.prisma cannot express these): invariants the database enforces itself,
-- as a backstop behind the ledger code's row locks and checks.
-- No account but an issuer can go negative.
ALTER TABLE "chip_accounts" ADD CONSTRAINT "chip_accounts_balance_non_negative" CHECK ("kind" = 'issuer' OR "balance" >= 0);

-- An entry moves chips.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("amount" <> 0);

