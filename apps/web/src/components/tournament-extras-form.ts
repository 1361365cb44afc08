// Issue 25 in the admin's "Schedule a tournament" form: bounty (none, fixed, progressive knockout),
// rebuys with an add-on, and satellite seats. Built once (a re-render keeps what the admin typed);
// `read()` gives the settings to send, or a problem in words (the server refuses the same).
import { h } from '../dom';

export interface ExtrasSettings {
  bounty?: { kind: 'fixed' | 'progressive'; amount: number };
  rebuys?: {
    untilLevel: number;
    maxRebuys: number;
    rebuy: { chips: number; price: number; fee: number };
    addOn: { chips: number; price: number; fee: number; window: 'break' | 'last-level' } | null;
  };
  satellite?: { targetTournamentId: number; seatValue: number };
  timeBank?: { perLevelMs: number; finalTable: boolean };
}

// Checkboxes in a column-flex form label: a 24 px target beside its words (WCAG target size, axe).
const BOX = { width: '24px', height: '24px', margin: '0', flex: '0 0 auto' };
const BOX_LABEL = { flexDirection: 'row', alignItems: 'center', gap: '.4rem' };

const num = (testId: string, value: number, label: string) =>
  h('input', {
    type: 'number',
    min: 0,
    value,
    'data-testid': testId,
    'aria-label': label,
    size: 6,
  }) as HTMLInputElement;
const whole = (el: HTMLInputElement) => (/^\d+$/.test(el.value.trim()) ? Number(el.value) : NaN);

export function tournamentExtrasForm(): {
  el: HTMLElement;
  read: () => { value: ExtrasSettings } | { problem: string };
} {
  const bountyKind = h(
    'select',
    { 'data-testid': 't-bounty-kind', 'aria-label': 'Bounty' },
    h('option', { value: '' }, 'no bounty'),
    h('option', { value: 'fixed' }, 'knockout (fixed)'),
    h('option', { value: 'progressive' }, 'progressive knockout'),
  ) as HTMLSelectElement;
  const bountyAmount = num('t-bounty-amount', 50, 'Bounty amount');
  const rebuysOn = h('input', { type: 'checkbox', style: BOX, 'data-testid': 't-rebuys' }) as HTMLInputElement;
  const untilLevel = num('t-rebuy-until', 4, 'Rebuys until level');
  const maxRebuys = num('t-rebuy-max', 2, 'Rebuys per player');
  const rebuyChips = num('t-rebuy-chips', 3000, 'Rebuy chips');
  const rebuyPrice = num('t-rebuy-price', 100, 'Rebuy price');
  const rebuyFee = num('t-rebuy-fee', 10, 'Rebuy fee');
  const addOnOn = h('input', {
    type: 'checkbox',
    style: BOX,
    'data-testid': 't-addon',
    checked: true,
  }) as HTMLInputElement;
  const addOnChips = num('t-addon-chips', 5000, 'Add-on chips');
  const addOnPrice = num('t-addon-price', 100, 'Add-on price');
  const addOnFee = num('t-addon-fee', 10, 'Add-on fee');
  const addOnWindow = h(
    'select',
    { 'data-testid': 't-addon-window', 'aria-label': 'Add-on window' },
    h('option', { value: 'last-level' }, 'last rebuy level and the break after it'),
    h('option', { value: 'break' }, 'only the break after the last rebuy level'),
  ) as HTMLSelectElement;
  const satelliteTarget = num('t-satellite-target', 0, 'Satellite: target tournament id (0 = not a satellite)');
  const seatValue = num('t-satellite-seat', 0, 'Seat value (target buy-in + fee)');
  const bankPerLevel = num('t-bank-level', 0, 'Time bank seconds added each level');
  const bankFinal = h('input', { type: 'checkbox', style: BOX, 'data-testid': 't-bank-final' }) as HTMLInputElement;

  const el = h(
    'fieldset',
    { class: 'inline', 'data-testid': 't-extras' },
    h('legend', {}, 'Bounties, rebuys, satellite'),
    h('label', {}, 'Bounty', bountyKind),
    h('label', {}, 'Amount', bountyAmount),
    h('label', { style: BOX_LABEL }, rebuysOn, ' Rebuys'),
    h('label', {}, 'until level', untilLevel),
    h('label', {}, 'at most', maxRebuys),
    h('label', {}, 'chips', rebuyChips),
    h('label', {}, 'price', rebuyPrice),
    h('label', {}, 'fee', rebuyFee),
    h('label', { style: BOX_LABEL }, addOnOn, ' Add-on'),
    h('label', {}, 'chips', addOnChips),
    h('label', {}, 'price', addOnPrice),
    h('label', {}, 'fee', addOnFee),
    h('label', {}, 'when', addOnWindow),
    h('label', {}, 'Satellite to tournament #', satelliteTarget),
    h('label', {}, 'seat value', seatValue),
    h('label', {}, 'Time bank +s per level', bankPerLevel),
    h('label', { style: BOX_LABEL }, bankFinal, ' full time bank at the final table'),
  );

  const read = (): { value: ExtrasSettings } | { problem: string } => {
    const value: ExtrasSettings = {};
    if (bountyKind.value) {
      if (!(whole(bountyAmount) >= 1)) return { problem: 'Bounty: a whole number of chips, at least 1.' };
      value.bounty = { kind: bountyKind.value as 'fixed' | 'progressive', amount: whole(bountyAmount) };
    }
    if (rebuysOn.checked) {
      const fields = [
        untilLevel,
        maxRebuys,
        rebuyChips,
        rebuyPrice,
        rebuyFee,
        ...(addOnOn.checked ? [addOnChips, addOnPrice, addOnFee] : []),
      ];
      if (
        fields.some((f) => Number.isNaN(whole(f))) ||
        whole(untilLevel) < 1 ||
        whole(rebuyChips) < 1 ||
        (addOnOn.checked && whole(addOnChips) < 1)
      ) {
        return { problem: 'Rebuys: whole numbers; the last rebuy level and the chips at least 1.' };
      }
      value.rebuys = {
        untilLevel: whole(untilLevel),
        maxRebuys: whole(maxRebuys),
        rebuy: { chips: whole(rebuyChips), price: whole(rebuyPrice), fee: whole(rebuyFee) },
        addOn: addOnOn.checked
          ? {
              chips: whole(addOnChips),
              price: whole(addOnPrice),
              fee: whole(addOnFee),
              window: addOnWindow.value as 'break' | 'last-level',
            }
          : null,
      };
    }
    if (whole(satelliteTarget) > 0) {
      if (!(whole(seatValue) >= 1))
        return { problem: "Satellite: the seat value (the target's buy-in + fee) must be at least 1." };
      if (value.rebuys) return { problem: 'A satellite cannot have rebuys.' };
      value.satellite = { targetTournamentId: whole(satelliteTarget), seatValue: whole(seatValue) };
    }
    if (Number.isNaN(whole(bankPerLevel)) || whole(bankPerLevel) > 600)
      return { problem: 'Time bank per level: whole seconds, at most 600.' };
    if (whole(bankPerLevel) > 0 || bankFinal.checked)
      value.timeBank = { perLevelMs: whole(bankPerLevel) * 1000, finalTable: bankFinal.checked };
    return { value };
  };
  return { el, read };
}
