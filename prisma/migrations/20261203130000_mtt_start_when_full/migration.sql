-- Scheduled tournaments that start when full (issue 21 item 2: the Sit & Go's way to start, as a
-- setting of the one lifecycle, libs/tournament lifecycle.ts). The entry that fills one moves it to
-- `starting`; its start job (due at once) seats the players and moves it to `running`. A restart
-- in between enqueues the start job again (TournamentsService.resumeJobs).
ALTER TYPE "ScheduledTournamentStatus" ADD VALUE 'starting' BEFORE 'running';
