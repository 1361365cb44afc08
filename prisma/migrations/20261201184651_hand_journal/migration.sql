-- AlterTable
ALTER TABLE "hands" ADD COLUMN     "ledger_at_end" BOOLEAN NOT NULL DEFAULT false;

-- The hand is the unit of durability (issue 20, DESIGN.md principle 7). Three writes per hand:
--   naiko_deal_hand   at the deal: the hand row (seats, stacks, config, commitment), its secret
--                     deal seed and the deal's first events, in ONE transaction;
--   the journal       the actions, written behind the broadcast by a process-wide group-commit
--                     writer (libs/persistence/src/hands/hand-journal.ts): one multi-row INSERT per
--                     batch for every table of the process; no ledger posting;
--   naiko_end_hand    at the end: the events the journal has not written yet, the result and the
--                     hand's chip movements (one posting per reason, net per account: the
--                     contributions into the pot, the awards and the rake out of it), in ONE
--                     transaction, after the journal wrote everything before them.
-- A crash between the deal and the end leaves the ledger as it was at the deal: every stack still
-- holds what the player sat with, so the crash rule's "every contribution returned" moves nothing.
-- Both functions return 'ok' or a code and then wrote nothing (the caller's general path decides
-- the code and raises the typed error), as naiko_start_hand and naiko_append_hand_events do.

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

CREATE OR REPLACE FUNCTION naiko_end_hand(
  p_hand uuid,
  p_from_seq int,
  p_events jsonb,
  p_postings jsonb,
  p_end_status text,
  p_result jsonb,
  p_pot_key text,
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  h record;
  n int;
  keys text[];
  ids jsonb := '{}';
  kinds jsonb := '{}';
  bal jsonb := '{}';
  p jsonb;
  e jsonb;
  amount bigint;
  after bigint;
  entries jsonb := '[]';
  tx_id bigint;
  i int := 0;
  acc record;
BEGIN
  SELECT status::text AS status, event_count INTO h FROM hands WHERE id = p_hand FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown-hand'; END IF;
  IF h.status <> 'running' THEN RETURN 'not-running'; END IF;
  -- The journal wrote seq 0 .. p_from_seq - 1 (the deal's events and the flushed batches); the
  -- hand row lock keeps a late journal batch out (it only inserts for running hands).
  SELECT count(*) INTO n FROM hand_events WHERE hand_id = p_hand;
  IF n <> p_from_seq THEN RETURN 'seq'; END IF;

  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'stale-fence';
  END IF;

  SELECT array_agg(DISTINCT k) INTO keys FROM (
    SELECT x->>'a' AS k FROM jsonb_array_elements(p_postings) AS pp, jsonb_array_elements(pp->'nets') AS x
    UNION SELECT p_pot_key WHERE p_end_status IS NOT NULL) s;
  IF keys IS NOT NULL THEN
    n := 0;
    -- Locked in id order, as every ledger command locks them (no deadlock between writers).
    FOR acc IN SELECT id, key, kind::text AS kind, balance FROM chip_accounts WHERE key = ANY(keys) ORDER BY id FOR UPDATE LOOP
      ids := ids || jsonb_build_object(acc.key, acc.id);
      kinds := kinds || jsonb_build_object(acc.key, acc.kind);
      bal := bal || jsonb_build_object(acc.key, acc.balance);
      n := n + 1;
    END LOOP;
    IF n <> cardinality(keys) THEN RETURN 'missing-account'; END IF;
  END IF;

  -- Funds first, nothing written yet: every entrys balance after, in posting order.
  FOR p IN SELECT value FROM jsonb_array_elements(p_postings) LOOP
    FOR e IN SELECT value FROM jsonb_array_elements(p->'nets') LOOP
      amount := (e->>'v')::bigint;
      after := (bal->>(e->>'a'))::bigint + amount;
      IF after < 0 AND kinds->>(e->>'a') <> 'issuer' THEN RETURN 'funds'; END IF;
      IF after > 9007199254740991 THEN RETURN 'funds'; END IF;
      bal := bal || jsonb_build_object(e->>'a', after);
      entries := entries || jsonb_build_object('n', i, 'p', p->>'key', 'account_id', ids->(e->>'a'), 'amount', amount, 'balance_after', after);
      i := i + 1;
    END LOOP;
  END LOOP;
  IF p_end_status IS NOT NULL AND (bal->>p_pot_key)::bigint <> 0 THEN RETURN 'pot-left'; END IF;

  -- From here on: writes only.
  INSERT INTO hand_events (hand_id, seq, type, payload)
  SELECT p_hand, p_from_seq + (x.ord - 1)::int, x.value->>'type', x.value
  FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, ord);

  FOR p IN SELECT value FROM jsonb_array_elements(p_postings) LOOP
    INSERT INTO ledger_transactions (idempotency_key, reason, table_id, hand_id, tournament_id, request)
    VALUES (p->>'key', (p->>'reason')::"LedgerReason", p->>'table_id', (p->>'hand_id')::uuid, p->>'tournament_id', p->'request')
    RETURNING id INTO tx_id;
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    SELECT tx_id, (v->>'account_id')::bigint, (v->>'amount')::bigint, (v->>'balance_after')::bigint
    FROM jsonb_array_elements(entries) AS v
    WHERE v->>'p' = p->>'key'
    ORDER BY (v->>'n')::int;
  END LOOP;

  IF keys IS NOT NULL THEN
    UPDATE chip_accounts c SET balance = (bal->>c.key)::bigint
    WHERE c.key = ANY(keys) AND c.balance <> (bal->>c.key)::bigint;
  END IF;

  IF p_end_status IS NOT NULL THEN
    UPDATE hands SET event_count = p_from_seq + jsonb_array_length(p_events), status = p_end_status::"HandStatus",
      ended_at = now(), result = p_result
    WHERE id = p_hand;
  ELSE
    UPDATE hands SET event_count = p_from_seq + jsonb_array_length(p_events) WHERE id = p_hand;
  END IF;
  RETURN 'ok';
END
$$;
