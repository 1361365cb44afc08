// The web client's entry: a hash router (#/lobby, #/table/<id>, #/sng/<id>, #/tournament/<id>, ...) so the server
// only has to serve index.html at `/` and the hashed assets.
import './style.css';
import { session } from './api';
import { h, mount } from './dom';
import { authPage } from './pages/auth';
import { lobbyPage } from './pages/lobby';
import { tablePage } from './pages/table';
import { sitAndGoPage } from './pages/sit-and-go';
import { handReplayPage, historyPage } from './pages/history';
import { adminPage } from './pages/admin';
import { tournamentPage, tournamentsPage } from './pages/tournaments';
import { fairPlayAdminPage, responsiblePlayPage, termsPage } from './pages/fair-play';
import { sessionLedgerPage } from './pages/session-ledger';
import { installLiveRegions } from './a11y/live-region';
import { hostTournamentPage, privateInvitePage } from './pages/private-events';

export type Cleanup = () => void;
export type Page = (root: HTMLElement, params: string[]) => Cleanup | void;

const routes: [RegExp, Page][] = [
  [/^#\/lobby$/, lobbyPage],
  [/^#\/table\/([0-9a-f-]{36})(?:\?.*)?$/, tablePage],
  [/^#\/table\/([0-9a-f-]{36})\/ledger$/, sessionLedgerPage],
  [/^#\/sng\/(\d+)$/, sitAndGoPage],
  [/^#\/tournaments$/, tournamentsPage],
  [/^#\/tournament\/(\d+)$/, tournamentPage],
  [/^#\/history$/, historyPage],
  [/^#\/admin$/, adminPage],
  [/^#\/history\/([0-9a-f-]{36})$/, handReplayPage],
  [/^#\/admin\/fair-play$/, fairPlayAdminPage],
  [/^#\/admin\/hand\/([0-9a-f-]{36})$/, (root, [id]) => handReplayPage(root, [id, 'admin'])],
  [/^#\/responsible-play$/, responsiblePlayPage],
  [/^#\/terms$/, termsPage],
  [/^#\/host$/, hostTournamentPage],
  [/^#\/private\/(sng|mtt)\/([A-Za-z0-9_-]{6,32})$/, privateInvitePage],
];

let cleanup: Cleanup | void;

function route(): void {
  cleanup?.();
  cleanup = undefined;
  const root = document.getElementById('app')!;
  const hash = location.hash || '#/lobby';
  if (!session.token) {
    cleanup = authPage(root);
    return;
  }
  for (const [re, page] of routes) {
    const match = re.exec(hash);
    if (match) {
      cleanup = page(root, match.slice(1));
      return;
    }
  }
  mount(root, h('p', {}, 'Page not found. ', h('a', { href: '#/lobby' }, 'Back to the lobby')));
}

export function navigate(hash: string): void {
  if (location.hash === hash) route();
  else location.hash = hash;
}

// A screen reader hears a new page: the focus goes to its main part (the old focus left with the old page).
function routeAndFocus(): void {
  // The new page starts from its top: no control of the old one hands its focus on (keepFocus finds
  // controls again by test id, which is for redraws of one page, not for a new page).
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  route();
  const main = document.querySelector<HTMLElement>('#app main');
  if (main && (document.activeElement === document.body || !document.activeElement?.isConnected)) {
    main.tabIndex = -1;
    main.focus({ preventScroll: true });
  }
}

// The live regions exist before any page puts words into them (issue 27).
installLiveRegions();
window.addEventListener('hashchange', routeAndFocus);
route();
