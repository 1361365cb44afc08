-- CreateTable
CREATE TABLE "installation" (
    "singleton" BOOLEAN NOT NULL DEFAULT true,
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "installation_pkey" PRIMARY KEY ("singleton")
);

-- CreateIndex
CREATE UNIQUE INDEX "installation_id_key" ON "installation"("id");

-- The installation id is generated once, here, when the database is first migrated (issue 29).
INSERT INTO "installation" ("singleton") VALUES (true);
