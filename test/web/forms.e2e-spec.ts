// Forms and messages (issue 22), in Chromium: a live lobby update keeps what is being typed; a
// refused sign-up keeps its fields and names the field; the admin forms refuse a blank name or an
// absurd buy-in with words that say what to do; the API's refusals are sentences, not "invalid request".
import request from 'supertest';
import { signIn, signUp, startWebTest, type WebTest } from './browser';

describe('web client: forms and messages (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  const admin = () => `Bearer ${web.app.token({ role: 'admin', username: 'admin' })}`;
  const openTable = (name: string) =>
    request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', admin())
      .send({
        name,
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 1, bigBlind: 2 },
        buyIn: { min: 40, max: 200 },
        seats: 6,
      });

  it('a live lobby update does not reset what the user is typing', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, web.app.url, 'typist');
    const name = page.getByTestId('private-name');
    await name.fill('');
    await name.pressSequentially('Friday ');
    await openTable('Live update 1').expect(201); // the lobby hears of it and renders again
    await page.getByTestId('table-row').filter({ hasText: 'Live update 1' }).waitFor();
    await page.keyboard.type('night'); // still focused, caret at the end
    expect(await name.inputValue()).toBe('Friday night');
    await page.close();
  });

  it('a refused sign-up keeps its fields and says which field and what to do', async () => {
    const first = await web.browser.newPage();
    await signUp(first, web.app.url, 'takenname');
    await first.close();
    const page = await web.browser.newPage();
    await page.goto(web.app.url);
    await page.getByTestId('tab-register').click();
    await page.getByTestId('username').fill('takenname');
    await page.getByTestId('password').fill('a-long-password');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('auth-error').waitFor();
    expect(await page.getByTestId('auth-error').textContent()).toBe('That username is taken: choose another one.');
    expect(await page.getByTestId('username').inputValue()).toBe('takenname');
    expect(await page.getByTestId('password').inputValue()).toBe('a-long-password');
    // Wrong password at sign-in: a sentence, the username kept.
    await page.getByTestId('tab-login').click();
    await page.getByTestId('password').fill('wrong-password');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('auth-error').filter({ hasText: 'Wrong username or password' }).waitFor();
    expect(await page.getByTestId('username').inputValue()).toBe('takenname');
    await page.close();
  });

  it('the admin tournament form refuses a blank name and an absurd buy-in; the API says the same', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, web.app.url, 'boss');
    const boss = await web.app
      .get<import('@naiko/persistence').PrismaService>((await import('@naiko/persistence')).PrismaService)
      .user.update({ where: { username: 'boss' }, data: { role: 'admin' } });
    expect(boss.role).toBe('admin');
    await page.getByTestId('sign-out').click();
    await signIn(page, web.app.url, 'boss'); // a new token with the admin role
    await page.goto(`${web.app.url}/#/admin`);
    await page.getByTestId('t-name').fill('   ');
    await page.getByTestId('t-name').press('Enter');
    await page.getByTestId('admin-message').filter({ hasText: 'Name must not be blank' }).waitFor();
    await page.getByTestId('t-name').fill('Big one');
    await page.getByTestId('t-buyin').fill('999999999999');
    await page.getByTestId('t-name').press('Enter');
    await page
      .getByTestId('admin-message')
      .filter({ hasText: 'Buy-in must be a whole number between 0 and 10,000,000' })
      .waitFor();
    expect(await page.getByTestId('t-buyin').inputValue()).toBe('999999999999'); // kept, to correct it
    await page.close();

    const api = await request(web.app.url)
      .post('/tournaments')
      .set('Authorization', admin())
      .send({ name: '  ', buyIn: 1e12 });
    expect(api.status).toBe(400);
    expect(api.body.message).toMatch(/^Name must not be blank\. .*Buy-in must be at most 10,000,000\./);
  });

  it('a refused table names the field: "Big blind must be at least 1", not "invalid request"', async () => {
    const response = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', admin())
      .send({
        name: 'Zero',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 0, bigBlind: 0 },
        buyIn: { min: 40, max: 200 },
        seats: 6,
      });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_PAYLOAD', message: 'Big blind must be at least 1.' });
  });
});
