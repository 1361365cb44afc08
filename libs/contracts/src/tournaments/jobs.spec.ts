import { JOBS, jobsOfQueue } from '../jobs/registry';

describe('scheduled tournament jobs', () => {
  it('have idempotent ids per tournament and step: tournament.42.level.7, tournament.42.break.6, tournament.42.balance.<version>', () => {
    expect(JOBS.tournamentOpenRegistration.jobId({ tournamentId: 42 })).toBe('tournament.42.open-registration');
    expect(JOBS.tournamentStart.jobId({ tournamentId: 42 })).toBe('tournament.42.start');
    expect(JOBS.tournamentLevel.jobId({ tournamentId: 42, stepIndex: 7, number: 7 })).toBe('tournament.42.level.7');
    expect(JOBS.tournamentBreak.jobId({ tournamentId: 42, stepIndex: 7, number: 6 })).toBe('tournament.42.break.6');
    expect(JOBS.tournamentBalanceCheck.jobId({ tournamentId: 42, version: 310 })).toBe('tournament.42.balance.310');
    expect(JOBS.tournamentPayout.jobId({ tournamentId: 42 })).toBe('tournament.42.payout');
    expect(JOBS.tournamentSchedule.jobId({ slot: 29_435_580 })).toBe('tournament-schedule.29435580');
  });

  it('all live on the tournament queue', () => {
    expect(jobsOfQueue('tournament').sort()).toEqual([
      'tournamentBalanceCheck',
      'tournamentBreak',
      'tournamentLevel',
      'tournamentOpenRegistration',
      'tournamentPayout',
      'tournamentSchedule',
      'tournamentStart',
    ]);
  });
});
