-- Issue 21 item 2: a Sit & Go or Spin instance is a scheduled tournament without a start time.
-- The template it was opened from and its number among that template's instances (null for the
-- admin's and the hosts' tournaments); a template has one instance of each number.
ALTER TABLE "scheduled_tournaments" ADD COLUMN "template_id" VARCHAR(64);
ALTER TABLE "scheduled_tournaments" ADD COLUMN "instance_number" INTEGER;
CREATE UNIQUE INDEX "scheduled_tournaments_template_id_instance_number_key"
  ON "scheduled_tournaments"("template_id", "instance_number");
-- The lobby's question, asked at every registration: the template's instance taking registrations.
CREATE INDEX "scheduled_tournaments_template_id_status_idx" ON "scheduled_tournaments"("template_id", "status");

-- The private events of kind `sng` named `sit_and_gos` rows; from now on they name the Sit & Go's
-- tournament. The old ones keep their rows (history) under a kind of their own, so that an old
-- instance's number never grants access to the tournament of the same number.
UPDATE "private_event_invites" SET "kind" = 'sng-old' WHERE "kind" = 'sng';
UPDATE "private_events" SET "kind" = 'sng-old' WHERE "kind" = 'sng';
