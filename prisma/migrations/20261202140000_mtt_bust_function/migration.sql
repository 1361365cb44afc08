-- Fewer exclusive transactions and shorter locks for a tournament's hands (issue 21).
--
-- Busts far from the end in ONE statement. The tournament row is the counter
-- of players left (the next bust place), and busts at every table queue on it: it was locked over
-- three round trips (read, write, commit). Here it is locked, read and written inside one statement,
-- run on its own (autocommit), so it is held for that statement only.
-- (TournamentRepository.bustFinish in libs/persistence/src/tournaments/tournament-repository.ts calls it.)
--
-- Places are relative to the counter: the busted players take the places remaining - n + 1 ..
-- remaining. The caller ranks them (libs/tournament placeBusts: larger starting stack higher, equal
-- stacks share) and passes each one's offset from the first of those places and his rank inside a
-- shared place; the statement adds the counter it read under the lock.
--
-- It also says whether the seating planner has anything to do after these busts. The planner's
-- first check (libs/tournament seating.ts planSeating) is repeated on the open tables' counts after
-- the seats are left: with one open table, or every open table holding a player, at most one player
-- between the fullest and the emptiest and no table that the others could absorb, nothing moves and
-- the planner's exclusive run is skipped. A hold of the planner (replanOnFinish) or a run still owed
-- (balancePending) always asks for it.
--
-- Returns:
--   ok         recorded, the tables still balanced (the state's balancePending false);
--   replan     recorded, the planner must run (balancePending true);
--   exclusive  nothing written: no such table, a closed table, a tournament not running, a flag of
--              the state set, a busted player without a live entry, or fewer than p_min_left
--              players left after the busts (the bubble, hand-for-hand or the final table near):
--              the exclusive path records the hand;
--   general    nothing written: a stale fencing token (the TypeScript path raises the typed error).
-- p_min_left: the exclusive path takes the hand when the players left would be p_min_left or fewer
-- (max(paid places + 1, table size + 1), computed by the caller from the settings and the entrants,
-- which no longer change once the standings exist).
CREATE OR REPLACE FUNCTION naiko_mtt_bust_finish(
  p_lock_class int,
  p_id int,
  p_table int,
  p_book text,
  p_busted uuid[],
  p_offsets int[],
  p_ranks int[],
  p_kept uuid[],
  p_kept_stacks bigint[],
  p_min_left int,
  p_table_size int,
  p_fence_table text,
  p_fence_token bigint,
  p_fence_owner text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  is_closed boolean;
  st_status text;
  st_state jsonb;
  busts int := cardinality(p_busted);
  before_busts int;
  live int;
  open_tables int;
  fewest int;
  most int;
  seated int;
  needs_planner boolean;
BEGIN
  -- The lock order of every hand step: the advisory lock (shared), the table row, the tournament row.
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, p_id);
  SELECT closed INTO is_closed FROM mtt_tables WHERE tournament_id = p_id AND table_no = p_table FOR UPDATE;
  IF NOT FOUND OR is_closed THEN RETURN 'exclusive'; END IF;
  IF p_fence_table IS NOT NULL AND NOT naiko_claim_fence(p_fence_table, p_fence_token, p_fence_owner) THEN
    RETURN 'general';
  END IF;
  SELECT status::text, state INTO st_status, st_state FROM scheduled_tournaments WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR st_status <> 'running' THEN RETURN 'exclusive'; END IF;
  IF NOT naiko_json_truthy(st_state->'standings') OR naiko_json_truthy(st_state->'handForHand')
     OR naiko_json_truthy(st_state->'pauseDeals') OR naiko_json_truthy(st_state->'cancelRequested')
     OR naiko_json_truthy(st_state->'winner') OR naiko_json_truthy(st_state->'seatsDecided') THEN
    RETURN 'exclusive';
  END IF;
  SELECT count(*) INTO live FROM mtt_entries
    WHERE tournament_id = p_id AND status = 'active' AND user_id = ANY(p_busted);
  IF busts = 0 OR live <> busts THEN RETURN 'exclusive'; END IF;
  before_busts := (st_state->'standings'->>'remaining')::int;
  IF before_busts - busts <= p_min_left THEN RETURN 'exclusive'; END IF;

  UPDATE mtt_entries m SET status = 'busted', place_best = before_busts - busts + 1 + x.offset_by, place_rank = x.tie_rank
    FROM unnest(p_busted, p_offsets, p_ranks) AS x(u, offset_by, tie_rank)
    WHERE m.tournament_id = p_id AND m.status = 'active' AND m.user_id = x.u;
  UPDATE tournament_entries SET status = 'busted' WHERE tournament_id = p_book AND user_id = ANY(p_busted);
  DELETE FROM mtt_seats WHERE tournament_id = p_id AND table_no = p_table AND user_id = ANY(p_busted);
  UPDATE mtt_seats m SET stack = x.k FROM unnest(p_kept, p_kept_stacks) AS x(u, k)
    WHERE m.tournament_id = p_id AND m.table_no = p_table AND m.user_id = x.u;
  UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table;

  -- Seats change only under the tournament row's lock (busts) or the exclusive lock (the planner),
  -- so these counts are the planner's.
  SELECT count(*), min(n), max(n), sum(n) INTO open_tables, fewest, most, seated FROM (
    SELECT count(s.user_id)::int AS n FROM mtt_tables t
      LEFT JOIN mtt_seats s ON s.tournament_id = t.tournament_id AND s.table_no = t.table_no
      WHERE t.tournament_id = p_id AND NOT t.closed GROUP BY t.table_no) counts;
  needs_planner := NOT (open_tables <= 1
      OR (fewest > 0 AND most - fewest < 2 AND seated > (open_tables - 1) * p_table_size))
    OR naiko_json_truthy(st_state->'replanOnFinish') OR naiko_json_truthy(st_state->'balancePending');
  UPDATE scheduled_tournaments
    SET state = jsonb_set(st_state, '{standings}', jsonb_build_object('remaining', before_busts - busts))
                || jsonb_build_object('balancePending', needs_planner),
        version = version + 1
    WHERE id = p_id;
  RETURN CASE WHEN needs_planner THEN 'replan' ELSE 'ok' END;
END
$$;

-- A hand without a bust while the seating planner holds a move for a hand to end (replanOnFinish)
-- is recorded here too, sets balancePending and answers 'replan': the caller runs the planner
-- after it (runs are
-- coalesced: the tables finishing while one runs share the next). It went to the exclusive path,
-- one exclusive transaction per table finishing during a hold, each holding back every table of
-- the tournament. Otherwise as in migration mtt_hand_functions; 'ok' and 'replan' wrote the hand,
-- every other code nothing.
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
     OR naiko_json_truthy(st_state->'cancelRequested')
     OR naiko_json_truthy(st_state->'winner') OR naiko_json_truthy(st_state->'seatsDecided') THEN
    RETURN 'exclusive';
  END IF;
  UPDATE mtt_seats m SET stack = x.k FROM unnest(p_users, p_stacks) AS x(u, k)
    WHERE m.tournament_id = p_id AND m.table_no = p_table AND m.user_id = x.u;
  UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
    WHERE tournament_id = p_id AND table_no = p_table;
  IF naiko_json_truthy(st_state->'replanOnFinish') THEN
    -- A planner run is owed until it runs, as after busts (balancePending): a restart runs it, and
    -- a reader of the state knows the tables may be uneven meanwhile. The tournament row is locked
    -- for this only during a hold, after the table's row (the busts' order).
    UPDATE scheduled_tournaments SET state = state || '{"balancePending": true}'::jsonb, version = version + 1
      WHERE id = p_id AND NOT naiko_json_truthy(state->'balancePending');
    RETURN 'replan';
  END IF;
  RETURN 'ok';
END
$$;
