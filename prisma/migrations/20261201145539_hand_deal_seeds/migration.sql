-- CreateTable
CREATE TABLE "hand_deal_seeds" (
    "hand_id" UUID NOT NULL,
    "seed" VARCHAR(128) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_deal_seeds_pkey" PRIMARY KEY ("hand_id")
);

-- AddForeignKey
ALTER TABLE "hand_deal_seeds" ADD CONSTRAINT "hand_deal_seeds_hand_id_fkey" FOREIGN KEY ("hand_id") REFERENCES "hands"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
