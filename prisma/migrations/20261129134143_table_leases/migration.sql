-- CreateTable
CREATE TABLE "table_leases" (
    "table_id" VARCHAR(64) NOT NULL,
    "fencing_token" BIGINT NOT NULL,
    "owner" VARCHAR(200) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "table_leases_pkey" PRIMARY KEY ("table_id")
);
