import { checkHandlers, MissingJobHandlerError } from './job-workers.service';

describe('job registry start-up check', () => {
  it('accepts a consumed queue whose every job has one handler', () => {
    expect(() => checkHandlers(['system'], new Map([['heartbeat', [() => 1]]]))).not.toThrow();
  });

  it('refuses to start when a job of a consumed queue has no handler, naming it', () => {
    expect(() => checkHandlers(['system'], new Map())).toThrow(MissingJobHandlerError);
    expect(() => checkHandlers(['system'], new Map())).toThrow(/job "heartbeat" on queue "system" has no @JobHandler/);
  });

  it('refuses two handlers for one job', () => {
    expect(() => checkHandlers(['system'], new Map([['heartbeat', [() => 1, () => 2]]]))).toThrow(/has 2 @JobHandler/);
  });

  it('does not require handlers for queues this process does not consume', () => {
    expect(() => checkHandlers([], new Map())).not.toThrow();
  });
});
