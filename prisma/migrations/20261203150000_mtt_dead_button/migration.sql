-- The dead-button rule at scheduled tournaments' tables (TDA "dead button"; libs/tournament
-- dead-button.ts): the big blind always moves forward, so no player skips it when another busts.
-- A table's next deal needs the last hand's blind positions, not only its button: each begin now
-- stores the small blind's position (even when it was dead) and the big blind's seat with the
-- button. They count only with a button (a table before its first hand, or after the final-table
-- redraw, has none: its first deal draws the positions anew). Tables that dealt before this
-- migration have none yet: their next deal moves the button as before and stores them.
ALTER TABLE "mtt_tables" ADD COLUMN "small_blind" INTEGER;
ALTER TABLE "mtt_tables" ADD COLUMN "big_blind" INTEGER;

-- What a begin reads, without locks: the positions too.
CREATE OR REPLACE FUNCTION naiko_mtt_table_for_begin(p_id int, p_table int, p_book text)
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
      'status', st.status::text, 'state', st.state, 'step_index', st.step_index, 'config', st.config,
      'paused_reason', st.paused_reason, 'button', t.button, 'small_blind', t.small_blind,
      'big_blind', t.big_blind, 'hand_in_progress', t.hand_in_progress,
      'closed', t.closed, 'version', t.version,
      'seats', COALESCE((
        SELECT jsonb_agg(jsonb_build_object(
            'table_no', s.table_no, 'seat', s.seat, 'user_id', s.user_id::text, 'dealt_in', s.dealt_in,
            'waits_for_button', s.waits_for_button, 'stack', s.stack::text, 'balance', a.balance::text))
          FROM mtt_seats s LEFT JOIN chip_accounts a ON a.key = 'tstack:' || p_book || ':' || s.user_id::text
          WHERE s.tournament_id = p_id AND s.table_no = p_table), '[]'::jsonb))
    FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
    WHERE t.tournament_id = p_id AND t.table_no = p_table
$$;

-- The begin's commit stores the positions with the button (the checks are unchanged: the table's
-- version, bumped by every begin, covers the positions as it covers the button).
DROP FUNCTION naiko_mtt_begin_hand(int, int, int, text, int, int, int, jsonb, uuid[], int, uuid[], bigint[], text, bigint, text);

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
  p_small_blind_after int,
  p_big_blind_after int,
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
  UPDATE mtt_tables SET hand_in_progress = true, button = p_button_after, small_blind = p_small_blind_after,
      big_blind = p_big_blind_after, hand_begun = nextval('mtt_hand_numbers'),
      hands_dealt = hands_dealt + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table
    RETURNING hand_begun, version INTO begun, version_after;
  RETURN jsonb_build_object('outcome', 'ok', 'n', begun, 'version', version_after);
END
$$;
