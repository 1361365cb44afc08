-- CreateEnum
CREATE TYPE "CashTableStatus" AS ENUM ('open', 'closed');

-- CreateTable
CREATE TABLE "cash_tables" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" VARCHAR(64) NOT NULL,
    "host_id" UUID,
    "config" JSONB NOT NULL,
    "status" "CashTableStatus" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "cash_tables_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cash_tables_status_idx" ON "cash_tables"("status");
