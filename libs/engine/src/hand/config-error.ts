/** `start` refuses a config it cannot play (seat order, stacks, structure, stakes, a module's settings). */
export class HandConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandConfigError';
  }
}
