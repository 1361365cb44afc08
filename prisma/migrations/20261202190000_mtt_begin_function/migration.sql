-- A tournament hand's begin in ONE statement after an unlocked read (issue 21: handTx p99).
--
-- The begin was an interactive transaction: BEGIN, the locks and the read
-- (naiko_mtt_lock_table_for_begin), the deal decided in TypeScript, the hand marked begun, COMMIT.
-- The table's row lock was held over four round trips and the process's own work between them; on
-- a saturated process each of them waited for the event loop, so the lock was held for tens of
-- milliseconds (p99 ~200 ms at 2,000 entrants) while the work took well under one.
--
-- Now the caller reads without locks (naiko_mtt_table_for_begin), decides the deal from what it read,
-- and commits with naiko_mtt_begin_hand, run on its own (autocommit): the locks, a check that
-- nothing the deal depends on has changed since the read, and the writes of the begin, held for
-- that one statement. When anything changed it writes nothing and answers 'general': the caller
-- runs the locked begin (naiko_mtt_lock_table_for_begin), which decides under the locks as before.
-- (TournamentRepository.tableForBegin and beginHand in libs/persistence/src/tournaments/tournament-repository.ts.)

-- What a begin reads, without locks: naiko_mtt_lock_table_for_begin's answer plus the table's version.
CREATE OR REPLACE FUNCTION naiko_mtt_table_for_begin(p_id int, p_table int, p_book text)
RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
      'status', st.status::text, 'state', st.state, 'step_index', st.step_index, 'config', st.config,
      'paused_reason', st.paused_reason, 'button', t.button, 'hand_in_progress', t.hand_in_progress,
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

-- The locked read (the locked begin) is the same read after the locks, so it is written once.
CREATE OR REPLACE FUNCTION naiko_mtt_lock_table_for_begin(p_lock_class int, p_id int, p_table int, p_book text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  PERFORM 1 FROM mtt_tables WHERE tournament_id = p_id AND table_no = p_table FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  -- A new statement of this volatile function: its snapshot is taken after the row lock.
  RETURN naiko_mtt_table_for_begin(p_id, p_table, p_book);
END
$$;

-- The begin's commit: the tournament's advisory lock in shared mode, the table's row lock (the
-- order of every hand statement), the fencing token when given, then the checks, then what
-- markHandBegun writes. The checks are everything the deal (dealFor in
-- libs/platform/src/tournaments/mtt-state.ts) and the table's stacks were taken from:
--   the tournament running, not paused, no flag of its state that stops or orders the deals
--   (cancelRequested, pauseDeals, seatsDecided, winner, handForHand: those begins always take the
--   locked path), the same blind step;
--   the table open and idle, its version (bumped by every change of its seats: a move, a bust, a
--   purchase, a begin, a finish) and its button as read;
--   each seated player's tournament stack balance as read (p_users, p_balances).
-- Returns {"outcome": "ok", "n": <hand number>, "version": <table version>} or
-- {"outcome": "general"} (nothing written: something changed, no such table, or a stale fencing
-- token; the locked begin decides again and raises the typed error for a stale token).
CREATE OR REPLACE FUNCTION naiko_mtt_begin_hand(
  p_lock_class int,
  p_id int,
  p_table int,
  p_book text,
  p_version int,
  p_button int,
  p_step int,
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
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT st.status::text, st.state, st.step_index, st.paused_reason, t.version, t.button, t.hand_in_progress, t.closed
    INTO st_status, st_state, st_step, st_paused, t_version, t_button, t_busy, t_closed
    FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
    WHERE t.tournament_id = p_id AND t.table_no = p_table FOR UPDATE OF t;
  IF NOT FOUND THEN RETURN '{"outcome": "general"}'::jsonb; END IF;
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN '{"outcome": "general"}'::jsonb;
  END IF;
  IF st_status <> 'running' OR st_paused IS NOT NULL OR st_step <> p_step
     OR naiko_json_truthy(st_state->'cancelRequested') OR naiko_json_truthy(st_state->'pauseDeals')
     OR naiko_json_truthy(st_state->'seatsDecided') OR naiko_json_truthy(st_state->'winner')
     OR naiko_json_truthy(st_state->'handForHand')
     OR t_closed OR t_busy OR t_version <> p_version OR t_button IS DISTINCT FROM p_button THEN
    RETURN '{"outcome": "general"}'::jsonb;
  END IF;
  IF EXISTS (
    SELECT 1 FROM unnest(p_users, p_balances) AS x(u, b)
      LEFT JOIN chip_accounts a ON a.key = 'tstack:' || p_book || ':' || x.u::text
      WHERE a.balance IS DISTINCT FROM x.b
  ) THEN
    RETURN '{"outcome": "general"}'::jsonb;
  END IF;
  UPDATE mtt_seats SET dealt_in = true, waits_for_button = waits_for_button AND NOT (user_id = ANY(p_dealt))
    WHERE tournament_id = p_id AND table_no = p_table;
  UPDATE mtt_tables SET hand_in_progress = true, button = p_button_after, hand_begun = nextval('mtt_hand_numbers'),
      hands_dealt = hands_dealt + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table
    RETURNING hand_begun, version INTO begun, version_after;
  RETURN jsonb_build_object('outcome', 'ok', 'n', begun, 'version', version_after);
END
$$;
