// Operators' view on a copy: Prometheus metrics at /metrics (tables, hands, socket command
// latency, sockets, queue depths, lease changes) and the BullMQ dashboard at /admin/queues behind
// the admin role (header, or ?token= once, then the cookie).
import request from 'supertest';
import { connectSocket, startTestApp, type TestApp } from '../support';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { PROCESS_METRICS: 'true' } });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('GET /metrics', () => {
  it('serves every metric in the Prometheus text format, with a connected socket and a measured command', async () => {
    const connection = await connectSocket(app.url, app.token());
    try {
      await new Promise<void>((resolve) => {
        connection.socket.once('pong', () => resolve());
        connection.socket.emit('ping', { nonce: 'n1' });
      });
      const res = await request(app.url).get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      for (const name of [
        'naiko_tables ',
        'naiko_hands_total ',
        'naiko_socket_command_seconds_bucket',
        'naiko_sockets 1',
        'naiko_queue_jobs{queue=',
        'naiko_table_lease_changes_total',
        'naiko_process_cpu_user_seconds_total',
      ]) {
        expect(res.text).toContain(name);
      }
      expect(res.text).toMatch(/naiko_socket_command_seconds_count\{event="ping",outcome="ok"\} 1/);
      expect(res.text).toMatch(/naiko_queue_jobs\{queue="[^"]+",state="failed"\} 0/);
    } finally {
      connection.socket.disconnect();
    }
  });
});

describe('/admin/queues', () => {
  it('refuses without a token (401) and a player (403)', async () => {
    await request(app.url).get('/admin/queues').expect(401);
    await request(app.url).get('/admin/queues').set('Authorization', `Bearer ${app.token()}`).expect(403);
    await request(app.url).get('/admin/queues').set('Cookie', `naiko_admin=${app.token()}`).expect(403);
  });

  it('shows the queues to an admin by header; ?token= sets the cookie and redirects, the cookie then works', async () => {
    const admin = app.token({ role: 'admin', username: 'root' });
    const page = await request(app.url).get('/admin/queues').set('Authorization', `Bearer ${admin}`).expect(200);
    expect(page.text).toMatch(/<html/i);
    const api = await request(app.url)
      .get('/admin/queues/api/queues')
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(api.body.queues.length).toBeGreaterThan(0);

    const first = await request(app.url).get(`/admin/queues?token=${admin}`).expect(302);
    expect(first.headers.location).toBe('/admin/queues');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/naiko_admin=.*HttpOnly.*SameSite=Strict/i);
    await request(app.url).get('/admin/queues/api/queues').set('Cookie', cookie.split(';')[0]).expect(200);
  });
});
