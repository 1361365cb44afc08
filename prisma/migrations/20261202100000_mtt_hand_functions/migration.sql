-- A tournament table's hand transactions in fewer round trips (issue 21: handTx p99), for the same
-- reason as naiko_append_hand_events: on these machines a round trip under load costs more than
-- the work, and every one of them is held inside the table's locks.
-- (TournamentRepository in libs/persistence/src/tournaments/tournament-repository.ts calls them.)

-- A JSON value JavaScript would take as true (the state's flags are written by JSON.stringify).
CREATE OR REPLACE FUNCTION naiko_json_truthy(p jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p IS NOT NULL AND p NOT IN ('null'::jsonb, 'false'::jsonb, '0'::jsonb, '""'::jsonb)
$$;

-- The start of a hand's begin, inside the caller's transaction: the tournament's advisory lock in
-- shared mode (p_lock_class: MTT_LOCK_CLASS), then the table's row lock, then what the begin reads
-- (the tournament row's part, the table row, the seats with their tournament stack balances) as one
-- JSON object; null when the table does not exist. The same order as the statements it replaces
-- (lockShared, lockTableForBegin, tableSeatsWithBalances), so the lock order is unchanged.
CREATE OR REPLACE FUNCTION naiko_mtt_lock_table_for_begin(p_lock_class int, p_id int, p_table int, p_book text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  out jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT jsonb_build_object(
      'status', st.status::text, 'state', st.state, 'step_index', st.step_index, 'config', st.config,
      'paused_reason', st.paused_reason, 'button', t.button, 'hand_in_progress', t.hand_in_progress,
      'closed', t.closed)
    INTO out
    FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
    WHERE t.tournament_id = p_id AND t.table_no = p_table FOR UPDATE OF t;
  IF out IS NULL THEN RETURN NULL; END IF;
  RETURN out || jsonb_build_object('seats', COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
        'table_no', s.table_no, 'seat', s.seat, 'user_id', s.user_id::text, 'dealt_in', s.dealt_in,
        'waits_for_button', s.waits_for_button, 'stack', s.stack::text, 'balance', a.balance::text))
      FROM mtt_seats s LEFT JOIN chip_accounts a ON a.key = 'tstack:' || p_book || ':' || s.user_id::text
      WHERE s.tournament_id = p_id AND s.table_no = p_table), '[]'::jsonb));
END
$$;

-- A hand without a bust, recorded in ONE statement when nothing tournament-wide waits on it: the
-- advisory lock in shared mode, the table's row lock, the fencing token (when given), then the
-- table idle again with its hand counted and the stacks at its seats. Returns:
--   ok           recorded;
--   not-running  the tournament no longer runs (nothing to record: what the general path does too);
--   exclusive    no such table, or a flag of the state is set: the hand goes to the exclusive path
--                (which checks the fence itself), as the general path would send it;
--   general      a stale fencing token: the caller runs the general path, which raises
--                StaleFencingTokenError.
-- Every code but ok means nothing was written.
-- The flags are the ones finishTableHand's general path checks (tournaments.service.ts). Its other
-- check, no standings while late registration and the rebuy period are over, is not repeated here:
-- the step job that ends them closes late registration in the same transaction (applyStep), and a
-- hand without a bust has no place to record anyway.
CREATE OR REPLACE FUNCTION naiko_mtt_quiet_finish(
  p_lock_class int,
  p_id int,
  p_table int,
  p_users uuid[],
  p_stacks bigint[],
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  st_status text;
  st_state jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT st.status::text, st.state INTO st_status, st_state
    FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
    WHERE t.tournament_id = p_id AND t.table_no = p_table FOR UPDATE OF t;
  IF NOT FOUND THEN RETURN 'exclusive'; END IF;
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'general';
  END IF;
  IF st_status <> 'running' THEN RETURN 'not-running'; END IF;
  IF naiko_json_truthy(st_state->'handForHand') OR naiko_json_truthy(st_state->'pauseDeals')
     OR naiko_json_truthy(st_state->'cancelRequested') OR naiko_json_truthy(st_state->'replanOnFinish')
     OR naiko_json_truthy(st_state->'winner') OR naiko_json_truthy(st_state->'seatsDecided') THEN
    RETURN 'exclusive';
  END IF;
  UPDATE mtt_seats m SET stack = x.k FROM unnest(p_users, p_stacks) AS x(u, k)
    WHERE m.tournament_id = p_id AND m.table_no = p_table AND m.user_id = x.u;
  UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table;
  RETURN 'ok';
END
$$;

-- The start of a finish with busts far from the end, inside the caller's transaction: the
-- tournament's advisory lock in shared mode, then the table's row lock; says whether the table is
-- closed (null: no such table). The same order as the two statements it replaces.
CREATE OR REPLACE FUNCTION naiko_mtt_lock_table_closed(p_lock_class int, p_id int, p_table int) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  is_closed boolean;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT closed INTO is_closed FROM mtt_tables WHERE tournament_id = p_id AND table_no = p_table FOR UPDATE;
  RETURN is_closed;
END
$$;
