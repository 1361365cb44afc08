import {
  awaitedJob,
  cancellation,
  levelInForce,
  levelNumberInForce,
  nextStepDue,
  opensNow,
  paysNow,
  phaseAfterEntry,
  phaseAfterHand,
  registrationRefusal,
  SCHEDULED_FORMAT,
  SCHEDULED_WHEN_FULL_FORMAT,
  SIT_AND_GO_FORMAT,
  startsNow,
  stepDecision,
  unregistrationRefusal,
  type TournamentPhase,
} from './lifecycle';
import type { BlindStructure } from './blinds';

const PHASES: TournamentPhase[] = [
  'scheduled',
  'registering',
  'starting',
  'running',
  'paying',
  'finished',
  'cancelled',
];
const byPhase = <T>(fn: (phase: TournamentPhase) => T) => Object.fromEntries(PHASES.map((phase) => [phase, fn(phase)]));

describe('one lifecycle: a scheduled tournament, a Sit & Go and a Spin are formats of it', () => {
  test('registration: a scheduled tournament takes entries while registering and (late) while running; a Sit & Go only while registering', () => {
    expect(byPhase((phase) => registrationRefusal(SCHEDULED_FORMAT, phase))).toEqual({
      scheduled: 'NOT_OPEN',
      registering: null,
      starting: 'ALREADY_STARTED',
      running: null,
      paying: 'ALREADY_STARTED',
      finished: 'ALREADY_STARTED',
      cancelled: 'CANCELLED',
    });
    expect(byPhase((phase) => registrationRefusal(SIT_AND_GO_FORMAT, phase))).toMatchObject({
      registering: null,
      starting: 'ALREADY_STARTED',
      running: 'ALREADY_STARTED',
    });
  });

  test('the open-registration job opens a scheduled tournament once: only from scheduled', () => {
    expect(PHASES.filter(opensNow)).toEqual(['scheduled']);
  });

  test('the last seat starts a Sit & Go (registering → starting); a scheduled tournament starts at its time, whatever fills', () => {
    expect(phaseAfterEntry(SIT_AND_GO_FORMAT, 'registering', false)).toBe('registering');
    expect(phaseAfterEntry(SIT_AND_GO_FORMAT, 'registering', true)).toBe('starting');
    expect(phaseAfterEntry(SCHEDULED_FORMAT, 'registering', true)).toBe('registering');
    // A late entry into a running tournament does not change its phase.
    expect(phaseAfterEntry(SCHEDULED_FORMAT, 'running', true)).toBe('running');
  });

  test('unregistration only while registering, for every format', () => {
    expect(byPhase(unregistrationRefusal)).toEqual({
      scheduled: 'NOT_REGISTERED',
      registering: null,
      starting: 'ALREADY_STARTED',
      running: 'ALREADY_STARTED',
      paying: 'ALREADY_STARTED',
      finished: 'ALREADY_STARTED',
      cancelled: 'CANCELLED',
    });
  });

  test('the start job seats the players from registering (or scheduled: it opens the registration first) at a time, from starting when full; any other phase is a retry', () => {
    expect(PHASES.filter((phase) => startsNow(SCHEDULED_FORMAT, phase))).toEqual(['scheduled', 'registering']);
    expect(PHASES.filter((phase) => startsNow(SIT_AND_GO_FORMAT, phase))).toEqual(['starting']);
    // Starting when full or at the time: whichever comes first (a start job of either kind).
    expect(PHASES.filter((phase) => startsNow(SCHEDULED_WHEN_FULL_FORMAT, phase))).toEqual([
      'scheduled',
      'registering',
      'starting',
    ]);
  });

  test('a scheduled tournament that starts when full: the entry that fills it starts it, no entry after, waits for its start time until then', () => {
    expect(phaseAfterEntry(SCHEDULED_WHEN_FULL_FORMAT, 'registering', false)).toBe('registering');
    expect(phaseAfterEntry(SCHEDULED_WHEN_FULL_FORMAT, 'registering', true)).toBe('starting');
    // A plain scheduled tournament that fills waits for its time.
    expect(phaseAfterEntry(SCHEDULED_FORMAT, 'registering', true)).toBe('registering');
    expect(registrationRefusal(SCHEDULED_WHEN_FULL_FORMAT, 'registering')).toBeNull();
    expect(registrationRefusal(SCHEDULED_WHEN_FULL_FORMAT, 'starting')).toBe('ALREADY_STARTED');
    expect(registrationRefusal(SCHEDULED_WHEN_FULL_FORMAT, 'running')).toBe('ALREADY_STARTED');
    expect(awaitedJob(SCHEDULED_WHEN_FULL_FORMAT, 'registering')).toBe('schedule');
    expect(awaitedJob(SCHEDULED_WHEN_FULL_FORMAT, 'starting')).toBe('start');
  });

  test('cancellation: before the start always; a running scheduled tournament by the admin only (not by its host); a Sit & Go never after it filled', () => {
    expect(byPhase((phase) => cancellation(SCHEDULED_FORMAT, phase))).toEqual({
      scheduled: 'cancel',
      registering: 'cancel',
      starting: 'cancel',
      running: 'cancel',
      paying: 'FINISHED',
      finished: 'FINISHED',
      cancelled: 'already',
    });
    expect(byPhase((phase) => cancellation(SCHEDULED_FORMAT, phase, { beforeStartOnly: true }))).toEqual({
      scheduled: 'cancel',
      registering: 'cancel',
      starting: 'ALREADY_STARTED',
      running: 'ALREADY_STARTED',
      paying: 'ALREADY_STARTED',
      finished: 'ALREADY_STARTED',
      cancelled: 'ALREADY_STARTED',
    });
    expect(cancellation(SIT_AND_GO_FORMAT, 'registering')).toBe('cancel');
    for (const phase of ['starting', 'running', 'paying', 'finished', 'cancelled'] as const)
      expect(cancellation(SIT_AND_GO_FORMAT, phase)).toBe('ALREADY_STARTED');
  });

  test('a blind step is applied once and in order: step k only while step k-1 is in force and the tournament runs', () => {
    expect(stepDecision('running', 2, 3)).toBe('apply');
    // A retry of an applied step (or of an older one): only its successor is enqueued again.
    expect(stepDecision('running', 3, 3)).toBe('done');
    expect(stepDecision('running', 4, 3)).toBe('done');
    // Its predecessor is not applied yet: an error, the job is retried.
    expect(stepDecision('running', 1, 3)).toBe('early');
    for (const phase of ['registering', 'starting', 'paying', 'finished', 'cancelled'] as const)
      expect(stepDecision(phase, 2, 3)).toBe('done');
  });

  const structure: BlindStructure = {
    name: 'lifecycle',
    steps: [
      { kind: 'level', smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none', durationMs: 60_000 },
      { kind: 'break', durationMs: 30_000 },
      { kind: 'level', smallBlind: 20, bigBlind: 40, ante: 5, anteKind: 'ante', durationMs: 60_000 },
    ],
  };

  test('the level in force: a level step is the next hand level; no hand starts in a break', () => {
    expect(levelInForce(structure, 0)).toMatchObject({ smallBlind: 10, bigBlind: 20 });
    expect(levelInForce(structure, 1)).toBeNull();
    expect(levelInForce(structure, 2)).toMatchObject({ smallBlind: 20, bigBlind: 40, ante: 5 });
  });

  test('the level number in force: a break counts as the level before it; 0 before the start', () => {
    expect([0, 1, 2].map((step) => levelNumberInForce('running', structure, step))).toEqual([1, 1, 2]);
    expect(levelNumberInForce('registering', structure, 0)).toBe(0);
  });

  test('the next step is due when the step in force ends (its start + its length); the last step has no successor', () => {
    // Level 1 started at t = 1,000: the break is due at 61,000; the break started at 61,000: level 2 at 91,000.
    expect(nextStepDue(structure, 0, 1_000)).toMatchObject({ step: { stepIndex: 1, kind: 'break' }, dueAtMs: 61_000 });
    expect(nextStepDue(structure, 1, 61_000)).toMatchObject({
      step: { stepIndex: 2, kind: 'level', levelNumber: 2 },
      dueAtMs: 91_000,
    });
    expect(nextStepDue(structure, 2, 91_000)).toBeNull();
  });

  test('the hand that leaves one player moves a running tournament to paying; the payout job pays only then', () => {
    expect(phaseAfterHand('running', false)).toBe('running');
    expect(phaseAfterHand('running', true)).toBe('paying');
    expect(PHASES.filter(paysNow)).toEqual(['paying']);
  });

  test('after a restart each unfinished phase waits for its job again: the schedule, the start, the next step, the payout', () => {
    expect(byPhase((phase) => awaitedJob(SCHEDULED_FORMAT, phase))).toEqual({
      scheduled: 'schedule',
      registering: 'schedule',
      starting: 'start',
      running: 'next-step',
      paying: 'payout',
      finished: null,
      cancelled: null,
    });
    // A Sit & Go that is registering waits for players, not for a job.
    expect(awaitedJob(SIT_AND_GO_FORMAT, 'registering')).toBeNull();
    expect(awaitedJob(SIT_AND_GO_FORMAT, 'starting')).toBe('start');
  });
});
