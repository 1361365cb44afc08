-- CreateTable
CREATE TABLE "protection_uses" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "table_id" VARCHAR(64) NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "protection_uses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "protection_uses_user_id_used_at_idx" ON "protection_uses"("user_id", "used_at");
