-- CreateEnum
CREATE TYPE "SitAndGoStatus" AS ENUM ('registering', 'starting', 'running', 'paying', 'finished');

-- CreateTable
CREATE TABLE "sit_and_gos" (
    "id" SERIAL NOT NULL,
    "template_id" VARCHAR(64) NOT NULL,
    "instance_number" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "status" "SitAndGoStatus" NOT NULL DEFAULT 'registering',
    "template" JSONB NOT NULL,
    "registrations" INTEGER NOT NULL DEFAULT 0,
    "prize_pool" BIGINT NOT NULL DEFAULT 0,
    "spin_commitment" VARCHAR(128),
    "spin_seed" VARCHAR(128),
    "multiplier" INTEGER,
    "seating" JSONB,
    "step_index" INTEGER NOT NULL DEFAULT 0,
    "step_started_at" TIMESTAMPTZ(3),
    "button" INTEGER,
    "hands_played" INTEGER NOT NULL DEFAULT 0,
    "standings" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "sit_and_gos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sit_and_go_steps" (
    "sit_and_go_id" INTEGER NOT NULL,
    "step_index" INTEGER NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sit_and_go_steps_pkey" PRIMARY KEY ("sit_and_go_id","step_index")
);

-- CreateIndex
CREATE INDEX "sit_and_gos_status_idx" ON "sit_and_gos"("status");

-- CreateIndex
CREATE UNIQUE INDEX "sit_and_gos_template_id_instance_number_key" ON "sit_and_gos"("template_id", "instance_number");

-- AddForeignKey
ALTER TABLE "sit_and_go_steps" ADD CONSTRAINT "sit_and_go_steps_sit_and_go_id_fkey" FOREIGN KEY ("sit_and_go_id") REFERENCES "sit_and_gos"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
