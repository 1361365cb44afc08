-- CreateTable
CREATE TABLE "mtt_tables" (
    "tournament_id" INTEGER NOT NULL,
    "table_no" INTEGER NOT NULL,
    "button" INTEGER,
    "hand_in_progress" BOOLEAN NOT NULL DEFAULT false,
    "hand_begun" INTEGER,
    "hands_played" INTEGER NOT NULL DEFAULT 0,
    "hands_dealt" INTEGER NOT NULL DEFAULT 0,
    "closed" BOOLEAN NOT NULL DEFAULT false,
    "break_rank" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "mtt_tables_pkey" PRIMARY KEY ("tournament_id","table_no")
);

-- CreateTable
CREATE TABLE "mtt_seats" (
    "tournament_id" INTEGER NOT NULL,
    "table_no" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "dealt_in" BOOLEAN NOT NULL DEFAULT false,
    "waits_for_button" BOOLEAN NOT NULL DEFAULT false,
    "stack" BIGINT,

    CONSTRAINT "mtt_seats_pkey" PRIMARY KEY ("tournament_id","table_no","seat")
);

-- CreateTable
CREATE TABLE "mtt_entries" (
    "tournament_id" INTEGER NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "late" BOOLEAN NOT NULL DEFAULT false,
    "re_entry" BOOLEAN NOT NULL DEFAULT false,
    "place_best" INTEGER,
    "place_rank" INTEGER,

    CONSTRAINT "mtt_entries_pkey" PRIMARY KEY ("tournament_id","entry_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mtt_seats_tournament_id_user_id_key" ON "mtt_seats"("tournament_id", "user_id");

-- CreateIndex
CREATE INDEX "mtt_entries_tournament_id_user_id_idx" ON "mtt_entries"("tournament_id", "user_id");

-- Hand numbers of scheduled tournaments: drawn from a sequence at each deal, so no hand of any table
-- writes a tournament-wide row (numbers are unique, not consecutive per tournament).
CREATE SEQUENCE "mtt_hand_numbers";
SELECT setval('mtt_hand_numbers', GREATEST(1, COALESCE((SELECT MAX(hand_number) FROM hands WHERE tournament_id LIKE 'mtt-%'), 0) + 1), false);

-- Existing data: the JSON state (scheduled_tournaments.state) moves into the rows.
INSERT INTO "mtt_entries" ("tournament_id", "entry_id", "user_id", "status", "late", "re_entry")
SELECT t.id, (e->>'entryId')::int, (e->>'playerId')::uuid, e->>'status', COALESCE((e->>'late')::boolean, false), COALESCE((e->>'reEntry')::boolean, false)
FROM "scheduled_tournaments" t, jsonb_array_elements(COALESCE(t.state->'registration'->'entries', '[]'::jsonb)) e;

UPDATE "mtt_entries" m SET "place_best" = (g.value->>'bestPlace')::int, "place_rank" = (p.ord - 1)::int
FROM "scheduled_tournaments" t,
     jsonb_array_elements(CASE WHEN jsonb_typeof(t.state->'standings') = 'object' THEN t.state->'standings'->'groups' ELSE '[]'::jsonb END) g,
     jsonb_array_elements_text(g.value->'players') WITH ORDINALITY p(key, ord)
WHERE m."tournament_id" = t.id AND m."entry_id" = substr(p.key, 2)::int;

INSERT INTO "mtt_tables" ("tournament_id", "table_no", "button", "hand_in_progress", "hand_begun", "hands_played", "closed", "break_rank")
SELECT t.id, (tb->>'tableId')::int, (tb->>'button')::int, COALESCE((tb->>'handInProgress')::boolean, false),
       (t.state->'handsBegun'->>(tb->>'tableId'))::int, COALESCE((t.state->'tableHands'->>(tb->>'tableId'))::int, 0), false,
       COALESCE((SELECT (o.ord - 1)::int FROM jsonb_array_elements_text(COALESCE(t.state->'seating'->'breakOrder', '[]'::jsonb)) WITH ORDINALITY o(v, ord)
                 WHERE o.v::int = (tb->>'tableId')::int), -(tb->>'tableId')::int)
FROM "scheduled_tournaments" t, jsonb_array_elements(CASE WHEN jsonb_typeof(t.state->'seating') = 'object' THEN t.state->'seating'->'tables' ELSE '[]'::jsonb END) tb;

-- Broken tables keep a closed row (their hand counts and their place in the break order).
INSERT INTO "mtt_tables" ("tournament_id", "table_no", "hands_played", "closed", "break_rank")
SELECT t.id, o.v::int, COALESCE((t.state->'tableHands'->>o.v)::int, 0), true, (o.ord - 1)::int
FROM "scheduled_tournaments" t, jsonb_array_elements_text(CASE WHEN jsonb_typeof(t.state->'seating') = 'object' THEN COALESCE(t.state->'seating'->'breakOrder', '[]'::jsonb) ELSE '[]'::jsonb END) WITH ORDINALITY o(v, ord)
ON CONFLICT DO NOTHING;

-- Hands dealt: the old tournament-wide count is kept on the first table (cancelled hands included).
UPDATE "mtt_tables" SET "hands_dealt" = "hands_played";
UPDATE "mtt_tables" m SET "hands_dealt" = m."hands_dealt" + GREATEST(0, t."hands_played" - (SELECT SUM(x."hands_played") FROM "mtt_tables" x WHERE x."tournament_id" = t.id))
FROM "scheduled_tournaments" t
WHERE m."tournament_id" = t.id AND m."table_no" = (SELECT MIN(y."table_no") FROM "mtt_tables" y WHERE y."tournament_id" = t.id);

INSERT INTO "mtt_seats" ("tournament_id", "table_no", "seat", "user_id", "dealt_in", "waits_for_button")
SELECT t.id, (tb->>'tableId')::int, (s.ord - 1)::int, (s.v->>'playerId')::uuid, COALESCE((s.v->>'dealtIn')::boolean, false),
       COALESCE(t.state->'waiting' ? (s.v->>'playerId'), false)
FROM "scheduled_tournaments" t,
     jsonb_array_elements(CASE WHEN jsonb_typeof(t.state->'seating') = 'object' THEN t.state->'seating'->'tables' ELSE '[]'::jsonb END) tb,
     jsonb_array_elements(tb->'seats') WITH ORDINALITY s(v, ord)
WHERE jsonb_typeof(s.v) = 'object';

-- What stays in the JSON: the small tournament-wide part.
UPDATE "scheduled_tournaments" SET "state" = jsonb_set(
  ("state" - 'seating' - 'tableHands' - 'handsBegun' - 'waiting') #- '{registration,entries}',
  '{standings}',
  CASE WHEN jsonb_typeof("state"->'standings') = 'object' THEN jsonb_build_object('remaining', "state"->'standings'->'remaining') ELSE 'null'::jsonb END);
