-- The funds check before a deal (naiko_start_hand, naiko_deal_hand) looked each stack account up
-- by joining jsonb_array_elements(p_stacks) to chip_accounts. The planner counts 100 rows for a
-- set-returning function, so while chip_accounts is small (a new room, the bench's fresh database;
-- its plan is cached per connection until the next ANALYZE) it chose a hash join over a sequential
-- scan of every account: ~0.7 ms of PostgreSQL CPU per hand, growing with the table, instead of six
-- index probes. naiko_stacks_refused looks the keys up with `key = ANY(...)`, which the unique index
-- on chip_accounts.key serves whatever the statistics say.
-- p_stacks: [{ key: stack account key, stack: chips the config deals that seat in with }], one
-- entry per account. Returns null, or the code the caller returns having written nothing.
CREATE OR REPLACE FUNCTION naiko_stacks_refused(p_stacks jsonb) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  n int;
  short int;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE a.balance < (
      SELECT max((s->>'stack')::bigint) FROM jsonb_array_elements(p_stacks) AS s WHERE s->>'key' = a.key))
    INTO n, short
    FROM chip_accounts a
    WHERE a.key = ANY (ARRAY(SELECT s->>'key' FROM jsonb_array_elements(p_stacks) AS s));
  IF n <> jsonb_array_length(p_stacks) THEN RETURN 'missing-account'; END IF;
  IF short > 0 THEN RETURN 'funds'; END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION naiko_start_hand(
  p_id uuid,
  p_table text,
  p_tournament text,
  p_hand_number int,
  p_book text,
  p_config jsonb,
  p_players jsonb,
  p_commitment text,
  p_stacks jsonb,
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
BEGIN
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'stale-fence';
  END IF;

  refused := naiko_stacks_refused(p_stacks);
  IF refused IS NOT NULL THEN RETURN refused; END IF;

  INSERT INTO hands (id, table_id, tournament_id, hand_number, book, config, players, commitment)
  VALUES (p_id, p_table, p_tournament, p_hand_number, p_book, p_config, p_players, p_commitment);
  INSERT INTO chip_accounts (key, book, kind, table_id, tournament_id, hand_id)
  VALUES ('hand:' || p_id::text, p_book, 'hand_pot', p_table, p_tournament, p_id)
  ON CONFLICT (key) DO NOTHING;
  RETURN 'ok';
END
$$;

CREATE OR REPLACE FUNCTION naiko_deal_hand(
  p_id uuid,
  p_table text,
  p_tournament text,
  p_hand_number int,
  p_book text,
  p_config jsonb,
  p_players jsonb,
  p_commitment text,
  p_stacks jsonb,
  p_seed text,
  p_events jsonb,
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
BEGIN
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'stale-fence';
  END IF;

  refused := naiko_stacks_refused(p_stacks);
  IF refused IS NOT NULL THEN RETURN refused; END IF;

  INSERT INTO hands (id, table_id, tournament_id, hand_number, book, config, players, commitment, ledger_at_end, event_count)
  VALUES (p_id, p_table, p_tournament, p_hand_number, p_book, p_config, p_players, p_commitment, true, 0);
  INSERT INTO chip_accounts (key, book, kind, table_id, tournament_id, hand_id)
  VALUES ('hand:' || p_id::text, p_book, 'hand_pot', p_table, p_tournament, p_id)
  ON CONFLICT (key) DO NOTHING;
  IF p_seed IS NOT NULL THEN
    INSERT INTO hand_deal_seeds (hand_id, seed) VALUES (p_id, p_seed);
  END IF;
  INSERT INTO hand_events (hand_id, seq, type, payload)
  SELECT p_id, (x.ord - 1)::int, x.value->>'type', x.value
  FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, ord);
  RETURN 'ok';
END
$$;
