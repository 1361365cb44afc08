/**
 * Sit & Go templates and their instances. A template is the published offer (game, structure,
 * seats, buy-in and fee, starting stack, blinds, prizes, clock); an instance is one tournament of it.
 * "A new instance opens when the previous fills": `registerSitAndGo` puts the player into the open
 * instance and, when that fill starts it, opens the next instance of the template.
 */
import { VARIANTS } from '@naiko/engine';
import { type BlindStructure, HYPER_TURBO_STRUCTURE, validateBlindStructure } from './blinds';
import { RegistrationError, TemplateError } from './errors';
import { type PrizeTable, prizeTableFor, validatePrizeTable } from './prizes';
import {
  type RegistrationEvent,
  type RegistrationState,
  createRegistration,
  openRegistration,
  registerEntry,
  unregisterEntry,
} from './registration';
import { DEFAULT_SPIN_TABLE, SPIN_PLAYERS, type SpinTable, validateSpinTable } from './spin';

/** Max seats per game, from the engine's list of games; a template may not exceed them. */
export const GAME_MAX_SEATS: Readonly<Record<string, number>> = Object.fromEntries(
  VARIANTS.map((spec) => [spec.id, spec.maxSeats]),
);

export type BettingStructure = 'no-limit' | 'pot-limit' | 'half-pot-limit' | 'fixed-limit' | 'spread-limit';

export interface SitAndGoTemplate {
  readonly templateId: string;
  readonly name: string;
  /** Game id from docs/rules/README.md (`holdem`, `omaha`, ...). */
  readonly game: string;
  readonly bettingStructure: BettingStructure;
  readonly kind: 'sit-and-go' | 'spin';
  /** 2–10 (and at most the game's maximum); a Spin has 3. */
  readonly seats: number;
  readonly buyIn: number;
  readonly entryFee: number;
  readonly startingStack: number;
  readonly blindStructure: BlindStructure;
  /** The prize table; `null` = the published table for `seats` entrants. Spin: ignored. */
  readonly prizeTable: PrizeTable | null;
  /** Spin only: the published multiplier table. */
  readonly spinTable: SpinTable | null;
  /** Table clock: time for a decision and the extra reconnection window, in ms. */
  readonly clock: { readonly decisionMs: number; readonly reconnectMs: number };
  /**
   * Bots (shown as BOT) take the seats still free this many ms after the first registration, so a
   * lone player does not wait for strangers; absent/null = only people start it.
   */
  readonly botFillAfterMs?: number | null;
}

export function validateSitAndGoTemplate(template: SitAndGoTemplate): SitAndGoTemplate {
  if (!Number.isSafeInteger(template.seats) || template.seats < 2 || template.seats > 10)
    throw new TemplateError('bad-seats', `seats must be 2..10, got ${template.seats}`);
  const max = GAME_MAX_SEATS[template.game];
  if (max !== undefined && template.seats > max)
    throw new TemplateError('seats-exceed-game', `${template.game} seats at most ${max}`);
  for (const [name, value, min] of [
    ['buyIn', template.buyIn, 0],
    ['entryFee', template.entryFee, 0],
    ['startingStack', template.startingStack, 1],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < min)
      throw new TemplateError('bad-amount', `${name} must be an integer >= ${min}`);
  }
  if (
    template.botFillAfterMs != null &&
    (!Number.isSafeInteger(template.botFillAfterMs) ||
      template.botFillAfterMs < 1000 ||
      template.botFillAfterMs > 3_600_000)
  ) {
    throw new TemplateError('bad-clock', 'botFillAfterMs must be an integer 1000..3600000 ms');
  }
  for (const delayMs of [template.clock.decisionMs, template.clock.reconnectMs]) {
    if (!Number.isSafeInteger(delayMs) || delayMs < 0)
      throw new TemplateError('bad-clock', 'clock settings must be integers >= 0 ms');
  }
  if (template.clock.decisionMs === 0) throw new TemplateError('bad-clock', 'a decision needs some time');
  validateBlindStructure(template.blindStructure);
  if (template.kind === 'spin') {
    if (template.seats !== SPIN_PLAYERS || !template.spinTable || template.buyIn < 1) {
      throw new TemplateError('bad-spin-template', `a Spin has ${SPIN_PLAYERS} seats, a buy-in and a multiplier table`);
    }
    validateSpinTable(template.spinTable);
  } else {
    const table = template.prizeTable ?? prizeTableFor(template.seats);
    validatePrizeTable(table);
    if (table.paidPlaces > template.seats)
      throw new TemplateError('bad-amount', 'the prize table pays more places than seats');
  }
  return template;
}

/** The prize table a Sit & Go instance pays (not for Spin, whose table comes from the draw). */
export function sitAndGoPrizeTable(template: SitAndGoTemplate): PrizeTable {
  return template.prizeTable ?? prizeTableFor(template.seats);
}

/** A ready-made Spin template: 3 seats, hyper-turbo, the default multiplier table. */
export function spinTemplate(
  templateId: string,
  buyIn: number,
  entryFee: number,
  startingStack = 500,
): SitAndGoTemplate {
  return validateSitAndGoTemplate({
    templateId,
    name: `Spin ${buyIn}`,
    game: 'holdem',
    bettingStructure: 'no-limit',
    kind: 'spin',
    seats: SPIN_PLAYERS,
    buyIn,
    entryFee,
    startingStack,
    blindStructure: HYPER_TURBO_STRUCTURE,
    prizeTable: null,
    spinTable: DEFAULT_SPIN_TABLE,
    clock: { decisionMs: 15_000, reconnectMs: 30_000 },
  });
}

export interface SitAndGoInstance {
  readonly instanceNumber: number;
  readonly registration: RegistrationState;
}

export interface SitAndGoLobby {
  readonly template: SitAndGoTemplate;
  /** The instance taking registrations. */
  readonly open: SitAndGoInstance;
  readonly nextInstanceNumber: number;
}

function newInstance(template: SitAndGoTemplate, instanceNumber: number): SitAndGoInstance {
  const created = createRegistration({
    minEntrants: template.seats,
    maxEntrants: template.seats,
    buyIn: template.buyIn,
    fee: template.entryFee,
    lateRegistrationUntilLevel: 0,
    reEntry: false,
    startWhenFull: true,
  });
  return { instanceNumber, registration: openRegistration(created).state };
}

export function openSitAndGoLobby(template: SitAndGoTemplate, firstInstanceNumber = 1): SitAndGoLobby {
  validateSitAndGoTemplate(template);
  return { template, open: newInstance(template, firstInstanceNumber), nextInstanceNumber: firstInstanceNumber + 1 };
}

export interface SitAndGoRegistration {
  readonly lobby: SitAndGoLobby;
  /** The instance the player joined, as it stands after the registration (running if it filled). */
  readonly instance: SitAndGoInstance;
  readonly events: readonly RegistrationEvent[];
  /** True when this registration took the last seat: the instance starts, a new one opened. */
  readonly started: boolean;
}

/** Registers into the open instance; a full instance starts and the next one opens at once. */
export function registerSitAndGo(lobby: SitAndGoLobby, playerId: string): SitAndGoRegistration {
  const { state, events } = registerEntry(lobby.open.registration, playerId);
  const instance: SitAndGoInstance = { ...lobby.open, registration: state };
  if (state.phase === 'running') {
    return {
      lobby: {
        ...lobby,
        open: newInstance(lobby.template, lobby.nextInstanceNumber),
        nextInstanceNumber: lobby.nextInstanceNumber + 1,
      },
      instance,
      events,
      started: true,
    };
  }
  return { lobby: { ...lobby, open: instance }, instance, events, started: false };
}

/**
 * Unregisters from instance `instanceNumber`. Only the open instance takes unregistrations: once the
 * last seat is taken the instance has started and the request loses the race (`already-started`).
 */
export function unregisterSitAndGo(
  lobby: SitAndGoLobby,
  instanceNumber: number,
  playerId: string,
): { lobby: SitAndGoLobby; events: readonly RegistrationEvent[] } {
  if (instanceNumber !== lobby.open.instanceNumber) {
    throw new RegistrationError('already-started', `instance ${instanceNumber} is no longer taking registrations`);
  }
  const { state, events } = unregisterEntry(lobby.open.registration, playerId);
  return { lobby: { ...lobby, open: { ...lobby.open, registration: state } }, events };
}
