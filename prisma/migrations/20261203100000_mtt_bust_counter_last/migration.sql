-- Busts far from the end: the counter row held for the places only (issue 21).
--
-- naiko_mtt_bust_finish (migration mtt_bust_function) locked the tournament row, the counter of
-- players left, before all of its work: the entries, the seats, the table, and an aggregate over
-- every open table's seats (is a planner run needed?). Busts at every table queue on that row, and
-- a burst of them (the tables released together after a tournament-wide run) waited for each
-- other's whole statement and commit. Measured inside the statement, 2,000 entrants: the wait for
-- the row p50 15 ms, p99 144 ms; the work under it p50 2 ms, p99 15 ms (most of it the aggregate).
--
-- Now the row is locked last, for what needs the counter: the re-check of the state and of the
-- players left, the busted entries' places and the new count. Everything else is done before:
--   - the checks on an unlocked read of the state (under the shared advisory lock, so no
--     tournament-wide run is in flight; the same checks are made again under the row's lock);
--   - the table's own writes (seats left, stacks, the table idle again, the book's entries busted);
--   - the aggregate over the open tables' seats.
-- If the locked re-check fails (another table's busts reached the limit meanwhile, or a flag was set)
-- the block's writes are rolled back (an exception caught by the block: a subtransaction) and the
-- answer is 'exclusive', writing nothing, as before.
--
-- Why the aggregate may be read before the lock. It decides whether the planner must run. Seats
-- change only by busts (each table's, under its own row lock) and by the planner (under the
-- exclusive advisory lock, excluded here). Busts at other tables committed after this snapshot are
-- missing from it, and a bust only lowers a table's count, so every other table's count read here
-- is at least its true count, and this table's own is exact (its writes precede the read):
--   - fewest/most: let m be a table with the true fewest players. If m is this table, or a table
--     without a concurrent bust, this statement reads the true fewest and a most at least the true
--     most, so its difference is at least the true one. If m is a table busting concurrently, that
--     table's statement reads so. Either way, tables out of balance are seen by at least one of the
--     busts that made them so, which asks for the planner (and sets balancePending, which every
--     later bust then sees under the row lock);
--   - seated: the players left after the busts, read from the counter under the lock (every
--     player left is seated once the standings exist), bounded by the sum read here, so a table
--     that could be broken is never missed;
--   - open tables: closed only by the planner (excluded), so exact.
-- At worst a bust asks for a planner run that finds nothing to do.

-- Whether busts may be recorded on the shared path, from the tournament row (its status and small
-- state): running, the standings exist, no tournament-wide wait (hand-for-hand, the redraw's hold,
-- a cancellation, the winner, a satellite's seats decided) and more than p_min_left players left
-- after the busts (the bubble, hand-for-hand and the final table are the exclusive path's).
CREATE OR REPLACE FUNCTION naiko_mtt_busts_shared(p_status text, p_state jsonb, p_busts int, p_min_left int)
RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'running'
    AND naiko_json_truthy(p_state->'standings')
    AND NOT (naiko_json_truthy(p_state->'handForHand') OR naiko_json_truthy(p_state->'pauseDeals')
      OR naiko_json_truthy(p_state->'cancelRequested') OR naiko_json_truthy(p_state->'winner')
      OR naiko_json_truthy(p_state->'seatsDecided'))
    AND (p_state->'standings'->>'remaining')::int - p_busts > p_min_left
$$;

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
  -- The checks on an unlocked read: most busts that go to the exclusive path leave here, without
  -- waiting for the row.
  SELECT status::text, state INTO st_status, st_state FROM scheduled_tournaments WHERE id = p_id;
  IF NOT FOUND OR NOT naiko_mtt_busts_shared(st_status, st_state, busts, p_min_left) THEN RETURN 'exclusive'; END IF;
  SELECT count(*) INTO live FROM mtt_entries
    WHERE tournament_id = p_id AND status = 'active' AND user_id = ANY(p_busted);
  IF busts = 0 OR live <> busts THEN RETURN 'exclusive'; END IF;

  BEGIN
    UPDATE tournament_entries SET status = 'busted' WHERE tournament_id = p_book AND user_id = ANY(p_busted);
    DELETE FROM mtt_seats WHERE tournament_id = p_id AND table_no = p_table AND user_id = ANY(p_busted);
    UPDATE mtt_seats m SET stack = x.k FROM unnest(p_kept, p_kept_stacks) AS x(u, k)
      WHERE m.tournament_id = p_id AND m.table_no = p_table AND m.user_id = x.u;
    UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
      WHERE tournament_id = p_id AND table_no = p_table;
    SELECT count(*), min(n), max(n), sum(n) INTO open_tables, fewest, most, seated FROM (
      SELECT count(s.user_id)::int AS n FROM mtt_tables t
        LEFT JOIN mtt_seats s ON s.tournament_id = t.tournament_id AND s.table_no = t.table_no
        WHERE t.tournament_id = p_id AND NOT t.closed GROUP BY t.table_no) counts;

    -- The counter: locked, read at its latest version, checked again.
    SELECT status::text, state INTO st_status, st_state FROM scheduled_tournaments WHERE id = p_id FOR UPDATE;
    IF NOT naiko_mtt_busts_shared(st_status, st_state, busts, p_min_left) THEN
      RAISE EXCEPTION USING ERRCODE = 'NKB01', MESSAGE = 'bust recorded on the exclusive path';
    END IF;
    before_busts := (st_state->'standings'->>'remaining')::int;
    UPDATE mtt_entries m SET status = 'busted', place_best = before_busts - busts + 1 + x.offset_by, place_rank = x.tie_rank
      FROM unnest(p_busted, p_offsets, p_ranks) AS x(u, offset_by, tie_rank)
      WHERE m.tournament_id = p_id AND m.status = 'active' AND m.user_id = x.u;
    seated := least(seated, before_busts - busts);
    needs_planner := NOT (open_tables <= 1
        OR (fewest > 0 AND most - fewest < 2 AND seated > (open_tables - 1) * p_table_size))
      OR naiko_json_truthy(st_state->'replanOnFinish') OR naiko_json_truthy(st_state->'balancePending');
    UPDATE scheduled_tournaments
      SET state = jsonb_set(st_state, '{standings}', jsonb_build_object('remaining', before_busts - busts))
                  || jsonb_build_object('balancePending', needs_planner),
          version = version + 1
      WHERE id = p_id;
  EXCEPTION WHEN SQLSTATE 'NKB01' THEN
    RETURN 'exclusive';
  END;
  RETURN CASE WHEN needs_planner THEN 'replan' ELSE 'ok' END;
END
$$;
