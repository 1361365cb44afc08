// The action area's parts: the decision bar (fold, check, call, bring-in, bet or raise with the
// sizer, draw, the 32-Card Draw split offer, home-game offers, Naiko powers), the pre-action boxes
// while others act, and the card picker of a draw or a Sleeve Swap. Every button comes from the
// server's legal actions; nothing is decided here.
import { sayNow } from '../../a11y/live-region';
import { cardEl, cardText } from '../../cards';
import { h } from '../../dom';
import { chips } from '../../format';
import { callBoxAmount, type createPreActionBar } from '../pre-action';
import { naikoPowers } from './naiko-powers';
import type { TableContext } from './table-state';

type PreActionBar = ReturnType<typeof createPreActionBar>;

/** While others act (we are in the hand, not folded): what to do when our turn comes. */
export function preActions(ctx: TableContext, preBar: PreActionBar): HTMLElement | null {
  if (!ctx.hand || ctx.hand.view.legal || ctx.yourSeat === null || ctx.hand.view.phase !== 'betting') return null;
  const mine = ctx.hand.view.players.find((p) => p.seat === ctx.yourSeat);
  if (!mine || mine.folded || mine.allIn) return null;
  const toCall = callBoxAmount(ctx.hand.view.currentBet, mine.bet, mine.stack);
  return preBar.update(
    toCall,
    toCall === 0 ? 'Check' : `Call ${chips(toCall)}${toCall === mine.stack ? ' (all-in)' : ''}`,
    ctx.pre,
  );
}

/** The player's decision: buttons built only from the server's legal actions (`view.legal`), the sizer, the powers. */
export function actions(ctx: TableContext): HTMLElement | null {
  const legal = ctx.hand?.view.legal;
  if (!ctx.hand || !legal) return null;
  const has = (a: string) => legal.actions.includes(a);
  const buttons: Node[] = [];
  // Folding is always allowed (docs/rules/README.md); where staying in is free (a check, a draw, the
  // split offer) the client asks once before folding.
  if (ctx.confirmFoldAt !== null && ctx.confirmFoldAt !== legal.version) ctx.confirmFoldAt = null;
  if (has('fold') && ctx.confirmFoldAt !== null) {
    buttons.push(
      h(
        'span',
        { 'data-testid': 'fold-confirm' },
        has('check')
          ? 'Fold instead of checking?'
          : has('draw')
            ? 'Fold instead of drawing?'
            : 'Fold instead of answering the split offer?',
      ),
      h(
        'button',
        {
          'data-testid': 'act-fold-yes',
          onclick: () => {
            ctx.confirmFoldAt = null;
            ctx.act({ type: 'fold' });
          },
        },
        'Yes, fold',
      ),
      h(
        'button',
        {
          'data-testid': 'act-fold-no',
          onclick: () => {
            ctx.confirmFoldAt = null;
            ctx.render();
          },
        },
        'No',
      ),
    );
  } else if (has('fold')) {
    buttons.push(
      h(
        'button',
        {
          'data-testid': 'act-fold',
          'aria-keyshortcuts': 'F',
          onclick: () => {
            if (has('check') || has('draw') || has('split')) {
              ctx.confirmFoldAt = legal.version;
              ctx.render();
              const instead = has('check') ? 'checking' : has('draw') ? 'drawing' : 'answering the split offer';
              sayNow(`Fold instead of ${instead}? Yes or No`);
              ctx.root.querySelector<HTMLElement>('[data-testid="act-fold-no"]')?.focus();
            } else ctx.act({ type: 'fold' });
          },
        },
        'Fold',
      ),
    );
  }
  if (has('check'))
    buttons.push(
      h(
        'button',
        { 'data-testid': 'act-check', 'aria-keyshortcuts': 'C', onclick: () => ctx.act({ type: 'check' }) },
        'Check',
      ),
    );
  if (has('call'))
    buttons.push(
      h(
        'button',
        { 'data-testid': 'act-call', 'aria-keyshortcuts': 'C', onclick: () => ctx.act({ type: 'call' }) },
        `Call ${chips(legal.callAmount)}`,
      ),
    );
  if (has('bring-in') && legal.bringIn)
    buttons.push(
      h(
        'button',
        { 'data-testid': 'act-bring-in', onclick: () => ctx.act({ type: 'bring-in' }) },
        `Bring in ${chips(legal.bringIn)}`,
      ),
    );
  const sizing = has('bet') ? 'bet' : has('raise') ? 'raise' : null;
  let sizer: HTMLElement | null = null;
  if (sizing) {
    const clamp = (v: number) => Math.max(legal.minTo, Math.min(legal.maxTo, Math.round(v)));
    ctx.raiseTo = clamp(ctx.raiseTo || legal.minTo);
    const me = ctx.hand.view.players.find((p) => p.seat === legal.seat);
    // Pot-sized raise-to: the current bet plus the pot after calling (docs/rules/README.md Pot Limit).
    const afterCall = ctx.hand.view.pot + ctx.hand.view.players.reduce((s, p) => s + p.bet, 0) + legal.callAmount;
    const potTo = ctx.hand.view.currentBet + afterCall;
    const halfTo = ctx.hand.view.currentBet + Math.floor(afterCall / 2);
    const label = h('span', { 'data-testid': 'raise-to' }, chips(ctx.raiseTo));
    // A typed amount beside the slider: clamped to the server's min/max when it is used.
    const what = sizing === 'bet' ? 'Bet amount' : 'Raise to';
    // Typed, or stepped with the arrows (in the field: a step of about a big blind); Enter sends it.
    const amount = h('input', {
      type: 'number',
      class: 'raise-amount',
      'data-testid': 'raise-amount',
      min: legal.minTo,
      max: legal.maxTo,
      step: Math.max(1, Math.round(legal.minTo / 2)),
      value: ctx.raiseTo,
      'aria-label': `${what}, from ${chips(legal.minTo)} to ${chips(legal.maxTo)}`,
      oninput: (event: Event) => {
        const typed = Number((event.target as HTMLInputElement).value);
        if (Number.isFinite(typed) && typed > 0) {
          ctx.raiseTo = clamp(typed);
          slider.value = String(ctx.raiseTo);
          label.textContent = chips(ctx.raiseTo);
        }
      },
      onkeydown: (event: KeyboardEvent) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          const typed = Number(amount.value);
          if (Number.isFinite(typed) && typed > 0) ctx.raiseTo = clamp(typed);
          ctx.act({ type: sizing, amount: ctx.raiseTo });
        }
      },
      onchange: () => {
        amount.value = String(ctx.raiseTo);
      },
    }) as HTMLInputElement;
    const slider = h('input', {
      type: 'range',
      'data-testid': 'raise-slider',
      'aria-label': what,
      min: legal.minTo,
      max: legal.maxTo,
      step: 1,
      value: ctx.raiseTo,
      oninput: (event: Event) => {
        ctx.raiseTo = clamp(Number((event.target as HTMLInputElement).value));
        label.textContent = chips(ctx.raiseTo);
        amount.value = String(ctx.raiseTo);
        slider.setAttribute('aria-valuetext', chips(ctx.raiseTo));
      },
    }) as HTMLInputElement;
    slider.setAttribute('aria-valuetext', chips(ctx.raiseTo));
    const quick = (name: string, raiseTo: number, id: string, spoken = name) =>
      h(
        'button',
        {
          class: 'small',
          'data-testid': id,
          'aria-label': `${spoken}: ${chips(clamp(raiseTo))}`,
          onclick: () => {
            ctx.raiseTo = clamp(raiseTo);
            slider.value = String(ctx.raiseTo);
            amount.value = String(ctx.raiseTo);
            label.textContent = chips(ctx.raiseTo);
            sayNow(`${what} ${chips(ctx.raiseTo)}`);
          },
        },
        name,
      );
    sizer = legal.choices
      ? h(
          'div',
          { class: 'sizer' },
          legal.choices.map((choice) =>
            h(
              'button',
              { 'data-testid': `act-${sizing}-${choice}`, onclick: () => ctx.act({ type: sizing, amount: choice }) },
              `${sizing === 'bet' ? 'Bet' : 'Raise to'} ${chips(choice)}`,
            ),
          ),
        )
      : h(
          'div',
          { class: 'sizer' },
          legal.minTo < legal.maxTo && [
            slider,
            amount,
            quick('Min', legal.minTo, 'size-min'),
            quick('½ pot', halfTo, 'size-half'),
            quick('Pot', potTo, 'size-pot'),
            quick('All-in', me ? legal.allInTo : legal.maxTo, 'size-allin'),
          ],
          h(
            'button',
            {
              'data-testid': `act-${sizing}`,
              class: 'primary',
              'aria-keyshortcuts': 'R',
              onclick: () => ctx.act({ type: sizing, amount: ctx.raiseTo }),
            },
            sizing === 'bet' ? 'Bet ' : 'Raise to ',
            label,
          ),
        );
  }
  if (has('draw')) {
    buttons.push(
      h(
        'button',
        {
          'data-testid': 'act-draw',
          class: 'primary',
          onclick: () => ctx.act({ type: 'draw', discard: [...ctx.discard] }),
        },
        ctx.discard.size ? `Draw ${ctx.discard.size}` : 'Stand pat',
      ),
    );
  }
  if (has('split'))
    buttons.push(
      h('button', { 'data-testid': 'act-split', onclick: () => ctx.act({ type: 'split' }) }, 'Accept split'),
    );
  if (has('no-split'))
    buttons.push(
      h('button', { 'data-testid': 'act-no-split', onclick: () => ctx.act({ type: 'no-split' }) }, 'Play it out'),
    );
  // Home games (issue 23): the run-it-twice offer (everyone still in must agree; the clock's answer
  // is "once") and an uncontested winner's show or muck on a 7-2 bounty table (the clock's: muck).
  if (has('run-twice')) {
    buttons.push(
      h(
        'span',
        { class: 'offer-question', 'data-testid': 'run-twice-question' },
        'All-in: run the rest of the board twice?',
      ),
      h(
        'button',
        {
          'data-testid': 'act-run-twice',
          class: 'primary',
          'aria-keyshortcuts': 'W',
          onclick: () => ctx.act({ type: 'run-twice' }),
        },
        'Run it twice',
      ),
    );
  }
  if (has('run-once'))
    buttons.push(
      h(
        'button',
        { 'data-testid': 'act-run-once', 'aria-keyshortcuts': 'O', onclick: () => ctx.act({ type: 'run-once' }) },
        'Run once',
      ),
    );
  if (has('show')) {
    buttons.push(
      h(
        'span',
        { class: 'offer-question', 'data-testid': 'show-question' },
        'You win without a showdown: show your hand? (a shown 7-2 offsuit collects the bounty)',
      ),
      h(
        'button',
        {
          'data-testid': 'act-show',
          class: 'primary',
          'aria-keyshortcuts': 'V',
          onclick: () => ctx.act({ type: 'show' }),
        },
        'Show',
      ),
    );
  }
  if (has('muck'))
    buttons.push(
      h(
        'button',
        { 'data-testid': 'act-muck', 'aria-keyshortcuts': 'M', onclick: () => ctx.act({ type: 'muck' }) },
        'Muck',
      ),
    );
  // A labelled group that takes the focus when the turn comes (tabindex -1: reachable by script, not a tab stop).
  return h(
    'div',
    {
      class: 'actions',
      'data-testid': 'actions',
      'data-version': legal.version,
      role: 'group',
      'aria-label': 'Your actions',
      tabindex: -1,
    },
    buttons,
    sizer,
    naikoPowers(ctx, legal),
  );
}

/** The player's cards as toggle buttons, to pick the discards of a draw or the Sleeve Swap card. */
export function drawSelect(ctx: TableContext): HTMLElement | null {
  const legal = ctx.hand?.view.legal;
  if (
    !ctx.hand ||
    !legal ||
    !(legal.actions.includes('draw') || legal.extensions?.['sleeve-swap']) ||
    ctx.yourSeat === null
  )
    return null;
  const mine = ctx.hand.view.players.find((p) => p.seat === ctx.yourSeat);
  if (!mine) return null;
  return h(
    'div',
    { class: 'draw-select', 'data-testid': 'draw-select' },
    h(
      'span',
      { class: 'muted' },
      legal.actions.includes('draw') ? 'Choose the cards to discard: ' : 'Sleeve Swap: choose the card to swap away: ',
    ),
    // Each card is a toggle button (Tab, then Space or Enter), pressed when it is to be discarded.
    mine.cards.map((card) =>
      card === null
        ? null
        : h(
            'button',
            {
              class: `card-pick${ctx.discard.has(card) ? ' picked' : ''}`,
              'aria-pressed': ctx.discard.has(card) ? 'true' : 'false',
              'data-testid': `discard-${cardText(card)}`,
              onclick: () => {
                if (ctx.discard.has(card)) ctx.discard.delete(card);
                else ctx.discard.add(card);
                ctx.render();
              },
            },
            cardEl(card),
          ),
    ),
  );
}
