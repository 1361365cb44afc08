-- HandStore.startHand in ONE round trip (libs/persistence/src/hands/append-fast.ts), for the same
-- reason as naiko_append_hand_events: the table host waits for it before every deal.
-- The caller chose the hand id. Returns ok, or a code (stale-fence, missing-account, funds) and
-- then wrote nothing: the caller runs the general path, which raises the typed errors.
-- p_stacks: [{ key: stack account key, stack: chips the config deals that seat in with }]
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
  n int;
  short int;
BEGIN
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'stale-fence';
  END IF;

  SELECT count(a.id), count(*) FILTER (WHERE a.balance < (s->>'stack')::bigint)
    INTO n, short
    FROM jsonb_array_elements(p_stacks) AS s
    LEFT JOIN chip_accounts a ON a.key = s->>'key';
  IF n <> jsonb_array_length(p_stacks) THEN RETURN 'missing-account'; END IF;
  IF short > 0 THEN RETURN 'funds'; END IF;

  INSERT INTO hands (id, table_id, tournament_id, hand_number, book, config, players, commitment)
  VALUES (p_id, p_table, p_tournament, p_hand_number, p_book, p_config, p_players, p_commitment);
  INSERT INTO chip_accounts (key, book, kind, table_id, tournament_id, hand_id)
  VALUES ('hand:' || p_id::text, p_book, 'hand_pot', p_table, p_tournament, p_id)
  ON CONFLICT (key) DO NOTHING;
  RETURN 'ok';
END
$$;
