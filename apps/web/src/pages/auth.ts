// Sign up / sign in: POST /auth/register and /auth/login; the session (tokens) is kept for the socket.
import { api, ApiError, session, type SessionResponse } from '../api';
import { h, mount } from '../dom';
import { errorMessage } from '../errors';
import { navigate } from '../main';

export function authPage(root: HTMLElement): void {
  let mode: 'login' | 'register' = 'login';
  let error = '';
  // Built once: after a refusal the form keeps what was typed (issue 22).
  const username = h('input', {
    name: 'username',
    'data-testid': 'username',
    autocomplete: 'username',
    required: true,
    minlength: 3,
  }) as HTMLInputElement;
  const password = h('input', {
    name: 'password',
    type: 'password',
    'data-testid': 'password',
    required: true,
    minlength: 8,
  }) as HTMLInputElement;
  const render = () => {
    const submit = async (ev: Event) => {
      ev.preventDefault();
      try {
        const signedIn = await api<SessionResponse>('POST', mode === 'login' ? '/auth/login' : '/auth/register', {
          username: username.value,
          password: password.value,
        });
        session.set(signedIn);
        navigate(location.hash && location.hash !== '#/' ? location.hash : '#/lobby');
      } catch (err) {
        error =
          err instanceof ApiError && err.status === 401
            ? 'Wrong username or password: check both and try again.'
            : errorMessage(err);
        render();
      }
    };
    mount(
      root,
      h(
        'main',
        { class: 'auth' },
        h('h1', {}, 'Naiko'),
        h('p', { class: 'muted' }, 'Poker with virtual chips — nothing is ever paid out.'),
        h(
          'div',
          { class: 'tabs' },
          h(
            'button',
            {
              class: mode === 'login' ? 'active' : '',
              'aria-pressed': String(mode === 'login'),
              'data-testid': 'tab-login',
              onclick: () => ((mode = 'login'), (error = ''), render()),
            },
            'Sign in',
          ),
          h(
            'button',
            {
              class: mode === 'register' ? 'active' : '',
              'aria-pressed': String(mode === 'register'),
              'data-testid': 'tab-register',
              onclick: () => ((mode = 'register'), (error = ''), render()),
            },
            'Sign up',
          ),
        ),
        h(
          'form',
          { onsubmit: submit },
          h('label', {}, 'Username', username),
          h('label', {}, 'Password', password),
          error && h('p', { class: 'error', 'data-testid': 'auth-error', role: 'alert' }, error),
          h(
            'button',
            { type: 'submit', 'data-testid': 'auth-submit' },
            mode === 'login' ? 'Sign in' : 'Create account',
          ),
        ),
      ),
    );
  };
  render();
}
