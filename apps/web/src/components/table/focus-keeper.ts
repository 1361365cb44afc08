// The table page is drawn anew at each event: the focused control gets its focus back (found again
// by its test id), so a keyboard player never loses his place when a bot acts; a new decision of
// his puts the focus on the action bar, unless he is typing somewhere else.
import { findByFocusKey, focusKeyOf } from '../../dom';

/** Runs `draw` in `root` keeping the focus; `focusActions()` says (once) that the action bar should take it. */
export function redrawKeepingFocus(root: HTMLElement, draw: () => void, focusActions: () => boolean): void {
  const active =
    document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
      ? document.activeElement
      : null;
  const focusKey = focusKeyOf(active);
  const wasInActions =
    active?.closest('[data-testid="actions"], [data-testid="pre-actions"], [data-testid="action-area"]') !== null &&
    active !== null;
  const typed = active instanceof HTMLInputElement && active.type !== 'checkbox' ? active.value : null;
  draw();
  if (root.querySelector('[data-testid="actions"]') && focusActions()) {
    // Never steal the focus from a field being typed into (chat, host panel).
    const typing =
      active instanceof HTMLInputElement &&
      active !== root.querySelector('[data-testid="raise-amount"]') &&
      !['checkbox', 'radio', 'range', 'button', 'submit'].includes(active.type);
    if (!typing) return root.querySelector<HTMLElement>('[data-testid="actions"]')!.focus();
  }
  if (!active || active.isConnected) return;
  const again = focusKey ? findByFocusKey(focusKey) : null;
  if (again) {
    again.focus();
    if (typed !== null && again instanceof HTMLInputElement && again.value !== typed) again.value = typed;
  } else if (wasInActions) {
    // The control is gone (the decision was sent): the action area keeps the focus nearby.
    root.querySelector<HTMLElement>('[data-testid="action-area"]')?.focus();
  }
}
