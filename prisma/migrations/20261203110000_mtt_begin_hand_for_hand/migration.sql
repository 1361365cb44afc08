-- Hand-for-hand begins from a read too (issue 21).
--
-- naiko_mtt_begin_hand (migration mtt_begin_function) answered 'general' whenever hand-for-hand was
-- on, so every begin of a hand-for-hand round took the locked begin (an interactive transaction of
-- three round trips on a busy process, its locks held throughout). In hand-for-hand the deal also
-- depends on the round (may this table deal in it? libs/tournament hand-for-hand.ts mayDeal),
-- which only the exclusive path changes, under the tournament's exclusive advisory lock. So the statement now also takes the
-- round as the begin read it (the state's handForHand, null when off) and writes nothing if it is
-- no longer the same: the deal decided from the read is the deal the locked begin would decide.
--
-- A 'general' answer now also says why (what changed since the read, or 'missing', 'fence'): the
-- runner view counts them (at 10,000 entrants 1,602 begins fell to the locked path, cause unknown).
DROP FUNCTION naiko_mtt_begin_hand(int, int, int, text, int, int, int, uuid[], int, uuid[], bigint[], text, bigint, text);

CREATE FUNCTION naiko_mtt_begin_hand(
  p_lock_class int,
  p_id int,
  p_table int,
  p_book text,
  p_version int,
  p_button int,
  p_step int,
  p_hand_for_hand jsonb,
  p_dealt uuid[],
  p_button_after int,
  p_users uuid[],
  p_balances bigint[],
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  st_status text;
  st_state jsonb;
  st_step int;
  st_paused text;
  t_version int;
  t_button int;
  t_busy boolean;
  t_closed boolean;
  begun int;
  version_after int;
  why text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT st.status::text, st.state, st.step_index, st.paused_reason, t.version, t.button, t.hand_in_progress, t.closed
    INTO st_status, st_state, st_step, st_paused, t_version, t_button, t_busy, t_closed
    FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
    WHERE t.tournament_id = p_id AND t.table_no = p_table FOR UPDATE OF t;
  IF NOT FOUND THEN RETURN '{"outcome": "general", "why": "missing"}'::jsonb; END IF;
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN '{"outcome": "general", "why": "fence"}'::jsonb;
  END IF;
  why := CASE
    WHEN st_status <> 'running' THEN 'status'
    WHEN st_paused IS NOT NULL THEN 'paused'
    WHEN st_step <> p_step THEN 'step'
    WHEN naiko_json_truthy(st_state->'cancelRequested') OR naiko_json_truthy(st_state->'pauseDeals')
      OR naiko_json_truthy(st_state->'seatsDecided') OR naiko_json_truthy(st_state->'winner') THEN 'flags'
    WHEN COALESCE(st_state->'handForHand', 'null'::jsonb) IS DISTINCT FROM COALESCE(p_hand_for_hand, 'null'::jsonb) THEN 'round'
    WHEN t_closed THEN 'closed'
    WHEN t_busy THEN 'busy'
    WHEN t_version <> p_version THEN 'version'
    WHEN t_button IS DISTINCT FROM p_button THEN 'button'
    WHEN EXISTS (
      SELECT 1 FROM unnest(p_users, p_balances) AS x(u, b)
        LEFT JOIN chip_accounts a ON a.key = 'tstack:' || p_book || ':' || x.u::text
        WHERE a.balance IS DISTINCT FROM x.b) THEN 'balance'
  END;
  IF why IS NOT NULL THEN RETURN jsonb_build_object('outcome', 'general', 'why', why); END IF;
  UPDATE mtt_seats SET dealt_in = true, waits_for_button = waits_for_button AND NOT (user_id = ANY(p_dealt))
    WHERE tournament_id = p_id AND table_no = p_table;
  UPDATE mtt_tables SET hand_in_progress = true, button = p_button_after, hand_begun = nextval('mtt_hand_numbers'),
      hands_dealt = hands_dealt + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table
    RETURNING hand_begun, version INTO begun, version_after;
  RETURN jsonb_build_object('outcome', 'ok', 'n', begun, 'version', version_after);
END
$$;
