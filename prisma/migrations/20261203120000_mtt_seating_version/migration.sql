-- The seating planner's turn across copies (issue 21; platform tournaments/planner-runs.ts).
--
-- A planner run is judged on a snapshot, then takes its turn on the planner's advisory lock; when
-- its turn comes after another run changed the tournament it judges again, without taking the
-- tournament's lock. `version` cannot tell that: every bust at a table bumps it too (the bust
-- counter, naiko_mtt_bust_finish), so nearly every turn looked stale. `seating_version` counts
-- only the tournament-wide writes of the running state (the exclusive path's saveState).
ALTER TABLE scheduled_tournaments ADD COLUMN seating_version integer NOT NULL DEFAULT 0;
