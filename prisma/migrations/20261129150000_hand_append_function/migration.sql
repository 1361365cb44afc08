-- The hot path of the table host in ONE round trip (libs/persistence/src/hands/append-fast.ts).
--
-- Why a function: every accepted action is stored (events + chip movements) before anyone hears
-- of it, so the latency of the append is the latency of every action. As an interactive transaction it is
-- BEGIN, lock the hand, check the fence, lock the accounts, write, COMMIT: six round trips, and on
-- these machines a round trip costs more than the work. Here the same steps run inside the
-- server. The function only handles the common case, it returns a code instead of deciding
-- anything unusual (a retry, a missing account, refused funds, a stale fencing token, chips left
-- in an ended hands pot), and the caller then runs the general path (hand-store.ts), which
-- raises the typed errors. A code means nothing was written: the function returns before its
-- first write, and each RETURN after a write would be a bug (there is none).
--
-- p_postings: [{ key, reason, table_id, hand_id, tournament_id, request, nets: [{ a: account key, v: amount }] }]
--   in posting order, nets in entry order (the caller nets and orders them, as planPostings does).
-- Returns ok, or a code: unknown-hand, seq, not-running, stale-fence, missing-account,
-- funds, pot-left.
-- The fencing rule of table ownership (cluster/fence.ts): records the writers token as the newest
-- for the table unless a newer one is stored, and says whether it was. The upsert takes the row
-- lock of the table, so two owners writes are serialized in the database.
CREATE OR REPLACE FUNCTION naiko_claim_fence(p_table text, p_token bigint, p_owner text) RETURNS boolean
LANGUAGE sql AS $$
  WITH u AS (
    INSERT INTO table_leases (table_id, fencing_token, owner, updated_at)
    VALUES (p_table, p_token, p_owner, now())
    ON CONFLICT (table_id) DO UPDATE
      SET fencing_token = EXCLUDED.fencing_token, owner = EXCLUDED.owner, updated_at = EXCLUDED.updated_at
      WHERE table_leases.fencing_token <= EXCLUDED.fencing_token
    RETURNING 1)
  SELECT count(*) > 0 FROM u
$$;

CREATE OR REPLACE FUNCTION naiko_append_hand_events(
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
  IF h.event_count <> p_from_seq THEN RETURN 'seq'; END IF;
  IF h.status <> 'running' THEN RETURN 'not-running'; END IF;

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
