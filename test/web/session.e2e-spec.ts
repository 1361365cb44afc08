// The web client keeps a session alive across short access tokens (issue 19.5): with an expired
// access token in storage it refreshes transparently (HTTP and socket) and rotates the refresh
// token; when the account is changed on the server (renamed) its socket is closed, the refresh
// is refused and the page goes back to sign-in.
import request from 'supertest';
import { PlatformGateway, userRoom } from '@naiko/platform';
import { TEST_DEFAULT_USER_ID } from '../support';
import { signUp, startWebTest, type WebTest } from './browser';

describe('web client: transparent token refresh (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  const admin = () => `Bearer ${web.app.token({ sub: TEST_DEFAULT_USER_ID, role: 'admin', username: 'admin' })}`;

  it('an expired access token is refreshed without the player noticing: the lobby loads and the socket reconnects', async () => {
    const page = await web.browser.newPage();
    await signUp(page, web.app.url, 'webrefresh');
    await page.getByTestId('balance').waitFor();
    const before = (await page.evaluate(
      `({ token: localStorage.getItem('naiko.token'), refresh: localStorage.getItem('naiko.refresh'), user: JSON.parse(localStorage.getItem('naiko.user')) })`,
    )) as { token: string; refresh: string; user: { id: string } };
    expect(before.refresh).toBeTruthy();
    // Replace the access token by an expired one of the same user, then reload.
    const expired = web.app.tokens.sign({ sub: before.user.id, username: 'webrefresh', role: 'player' }, -10);
    await page.evaluate(`localStorage.setItem('naiko.token', ${JSON.stringify(expired)})`);
    // Watch the socket handshakes: the first (expired token) is refused, the next one is accepted.
    const handshakes: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        const match = /^4([04])/.exec(String(frame.payload));
        if (match) handshakes.push(match[1] === '0' ? 'accepted' : 'refused');
      }),
    );
    await page.reload();
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('me').textContent()).toContain('webrefresh');
    const after = (await page.evaluate(
      `({ token: localStorage.getItem('naiko.token'), refresh: localStorage.getItem('naiko.refresh') })`,
    )) as { token: string; refresh: string };
    expect(after.token).not.toBe(expired);
    expect(after.refresh).not.toBe(before.refresh);
    await request(web.app.url).get('/accounts/me').set('Authorization', `Bearer ${after.token}`).expect(200);
    // The socket reconnected with the refreshed token: it is in its user's room on the server.
    const server = web.app.get(PlatformGateway).server;
    for (let i = 0; i < 100 && (await server.in(userRoom(before.user.id)).fetchSockets()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await server.in(userRoom(before.user.id)).fetchSockets()).toHaveLength(1);
    expect(handshakes).toEqual(['refused', 'accepted']);
    await page.close();
  });

  it('a renamed account is signed out: its socket is closed, the refresh refused, the sign-in page shown', async () => {
    const page = await web.browser.newPage();
    await signUp(page, web.app.url, 'webrenamed');
    await page.getByTestId('balance').waitFor();
    const id = (await page.evaluate(`JSON.parse(localStorage.getItem('naiko.user')).id`)) as string;
    await request(web.app.url)
      .put(`/admin/users/${id}/username`)
      .set('Authorization', admin())
      .send({ username: 'webrenamed-2' })
      .expect(200);
    await page.getByTestId('auth-submit').waitFor();
    expect(await page.evaluate(`localStorage.getItem('naiko.token')`)).toBeNull();
    await page.close();
  });
});
