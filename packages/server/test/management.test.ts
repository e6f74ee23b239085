// Organizations, members, apps and deploy tokens through the management API, on every dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.each(dialects)('management API on %s', (dialect) => {
  let t: TestPlatform;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    alice = await t.login('alice@uni.example', { fullName: 'Alice Example', course: '3', group: 'CS-31' });
    bob = await t.login('bob@uni.example');
  });
  afterAll(() => t.close());

  const post = (url: string, who: SignedIn, payload: object) =>
    t.request({ method: 'POST', url, headers: who.auth, payload });

  describe('users', () => {
    it('the dev login issues a token that /me accepts, with the profile', async () => {
      const res = await t.request({ method: 'GET', url: '/api/v1/me', headers: alice.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        email: 'alice@uni.example',
        fullName: 'Alice Example',
        course: '3',
        group: 'CS-31',
        roles: [],
      });
    });

    it('signing in again keeps the same user id', async () => {
      const again = await t.login('ALICE@uni.example');
      expect(again.user.id).toBe(alice.user.id);
    });

    it('no token, a malformed one and a forged one are 401 unauthorized', async () => {
      const forged = `${alice.token.slice(0, -4)}AAAA`;
      for (const headers of [
        {},
        { authorization: 'Bearer nope' },
        { authorization: `Bearer ${forged}` },
        { authorization: alice.token },
      ]) {
        const res = await t.request({ method: 'GET', url: '/api/v1/me', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
      }
    });
  });

  describe('organizations', () => {
    it('creates an organization with the caller as owner, and refuses a taken id', async () => {
      const res = await post('/api/v1/orgs', alice, { id: 'acme', name: 'Acme University' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ ok: true, organization: { id: 'acme', name: 'Acme University' } });
      const again = await post('/api/v1/orgs', bob, { id: 'acme', name: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('org_exists');
      const mine = await t.request({ method: 'GET', url: '/api/v1/orgs', headers: alice.auth });
      expect(mine.json().organizations).toEqual([expect.objectContaining({ id: 'acme', role: 'owner' })]);
    });

    it('refuses a bad organization id with bad_slug', async () => {
      const res = await post('/api/v1/orgs', alice, { id: 'Bad Id', name: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('bad_slug');
    });

    it('an owner invites by e-mail and the person joins on accepting; a stranger sees 404; a member cannot invite', async () => {
      const hidden = await t.request({ method: 'GET', url: '/api/v1/orgs/acme', headers: bob.auth });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error).toBe('org_not_found');
      const invited = await post('/api/v1/orgs/acme/members', alice, { email: 'bob@uni.example' });
      expect(invited.statusCode).toBe(200);
      expect(invited.json().members.map((m: { email: string }) => m.email)).toEqual(['alice@uni.example']);
      const accepted = await post(`/api/v1/me/invitations/${invited.json().invitation.id}/accept`, bob, {});
      expect(accepted.statusCode).toBe(200);
      const org = await t.request({ method: 'GET', url: '/api/v1/orgs/acme', headers: alice.auth });
      expect(org.json().members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
        ['alice@uni.example', 'owner'],
        ['bob@uni.example', 'member'],
      ]);
      const byMember = await post('/api/v1/orgs/acme/members', bob, {
        email: 'carol@uni.example',
        role: 'member',
      });
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().error).toBe('forbidden');
    });
  });

  describe('apps', () => {
    it('registers a hosted app as a draft with defaults', async () => {
      const res = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'timetable',
        name: 'Timetable',
        sourceKind: 'hosted',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().app).toMatchObject({
        organizationId: 'acme',
        slug: 'timetable',
        sourceKind: 'hosted',
        origin: null,
        startPath: '/',
        scopes: [],
        status: 'draft',
        version: 0,
        liveVersion: null,
        live: null,
      });
    });

    it('registers a remote app, normalizing its origin, and sends it to review', async () => {
      const res = await post('/api/v1/orgs/acme/apps', bob, {
        slug: 'canteen',
        name: 'Canteen',
        sourceKind: 'remote',
        origin: 'https://Canteen.Example.org:8443/',
        startPath: '/menu',
        scopes: ['notifications', 'identity', 'identity'],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().app).toMatchObject({
        origin: 'https://canteen.example.org:8443',
        startPath: '/menu',
        scopes: ['identity', 'notifications'],
        status: 'pending_review',
      });
    });

    it.each([
      ['ab', 201],
      ['a'.repeat(63), 201],
      ['a', 422],
      ['a'.repeat(64), 422],
      ['Upper', 422],
      ['under_score', 422],
      ['-lead', 422],
      ['trail-', 422],
      ['with space', 422],
    ])('slug %j gives %i', async (slug, status) => {
      const res = await post('/api/v1/orgs/acme/apps', alice, { slug, name: 'Edge', sourceKind: 'hosted' });
      expect(res.statusCode).toBe(status);
      if (status === 422) expect(res.json().error).toBe('bad_slug');
    });

    it('refuses a taken slug with app_exists', async () => {
      const res = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'timetable',
        name: 'Again',
        sourceKind: 'hosted',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('app_exists');
    });

    it('refuses source kind service with a clear error', async () => {
      const res = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'svc',
        name: 'Svc',
        sourceKind: 'service',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ ok: false, error: 'service_not_allowed' });
      expect(res.json().message).toMatch(/hosted or remote/);
    });

    it.each([
      ['http://plain.example.org', 'not_https'],
      ['https://127.0.0.1', 'ip_literal'],
      ['https://2130706433', 'ip_literal'],
      ['https://0x7f.1', 'ip_literal'],
      ['https://[::1]', 'ip_literal'],
      ['https://localhost', 'local_name'],
      ['https://api.localhost', 'local_name'],
      ['https://printer.local', 'local_name'],
      ['https://db.internal', 'local_name'],
      ['https://db.internal.', 'local_name'],
      ['https://intranet', 'single_label'],
      ['https://user:pw@example.org', 'credentials'],
      ['https://example.org/app', 'not_a_base'],
      ['not a url', 'not_a_url'],
    ])('refuses origin %s (%s)', async (origin, problem) => {
      const res = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'bad-origin',
        name: 'Bad',
        sourceKind: 'remote',
        origin,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'bad_origin', details: { problem } });
    });

    it('a remote app needs an origin; a hosted one has none', async () => {
      const remote = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'no-origin',
        name: 'X',
        sourceKind: 'remote',
      });
      expect(remote.json().error).toBe('bad_origin');
      const hosted = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'hosted-origin',
        name: 'X',
        sourceKind: 'hosted',
        origin: 'https://example.org',
      });
      expect(hosted.json().error).toBe('validation_failed');
    });

    it('refuses unknown scopes and bad start paths', async () => {
      const scopes = await post('/api/v1/orgs/acme/apps', alice, {
        slug: 'scopes',
        name: 'X',
        sourceKind: 'hosted',
        scopes: ['phone'],
      });
      expect(scopes.statusCode).toBe(422);
      expect(scopes.json()).toMatchObject({
        error: 'validation_failed',
        details: { field: 'scopes', unknown: ['phone'] },
      });
      // The last three only the shared app-path rule sees: fullwidth dots, Tomcat's "..;" and a query climbing.
      const leaving = ['/%EF%BC%8E%EF%BC%8E/api', '/..;/x', '/?/../..'];
      for (const startPath of ['menu', '/a/../b', '/a/%2e%2e/b', '//evil.example', ...leaving]) {
        const res = await post('/api/v1/orgs/acme/apps', alice, {
          slug: 'paths',
          name: 'X',
          sourceKind: 'hosted',
          startPath,
        });
        expect(res.json(), startPath).toMatchObject({
          error: 'validation_failed',
          details: { field: 'startPath' },
        });
      }
    });

    it('lists and reads apps for members only', async () => {
      const list = await t.request({ method: 'GET', url: '/api/v1/orgs/acme/apps', headers: bob.auth });
      expect(list.json().apps.map((a: { slug: string }) => a.slug)).toContain('canteen');
      const carol = await t.login('carol@uni.example');
      const denied = await t.request({
        method: 'GET',
        url: '/api/v1/orgs/acme/apps/canteen',
        headers: carol.auth,
      });
      expect(denied.statusCode).toBe(404);
      const missing = await t.request({
        method: 'GET',
        url: '/api/v1/orgs/acme/apps/nope',
        headers: alice.auth,
      });
      expect(missing.json().error).toBe('not_found');
    });

    it('updates metadata; a bad origin leaves the app as it was', async () => {
      const url = '/api/v1/orgs/acme/apps/canteen';
      const bad = await t.request({
        method: 'PATCH',
        url,
        headers: alice.auth,
        payload: { origin: 'https://10.0.0.5' },
      });
      expect(bad.json().error).toBe('bad_origin');
      const same = await t.request({ method: 'GET', url, headers: alice.auth });
      expect(same.json().app.origin).toBe('https://canteen.example.org:8443');
      const ok = await t.request({
        method: 'PATCH',
        url,
        headers: alice.auth,
        payload: { name: 'Canteen+', origin: 'https://food.example.org' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().app).toMatchObject({
        name: 'Canteen+',
        origin: 'https://food.example.org',
        status: 'pending_review',
      });
      const audit = await t.request({ method: 'GET', url: `${url}/audit`, headers: alice.auth });
      expect(audit.json().entries[0]).toMatchObject({
        action: 'update',
        actor: { email: 'alice@uni.example' },
        from: 'pending_review',
        to: 'pending_review',
        details: { fields: ['name', 'origin'] },
      });
      const kind = await t.request({
        method: 'PATCH',
        url,
        headers: alice.auth,
        payload: { sourceKind: 'service' },
      });
      expect(kind.statusCode).toBe(400);
      expect(kind.json().error).toBe('bad_request');
    });
  });

  describe('deploy tokens', () => {
    it('creates up to 5 (value shown once, sha256 stored), refuses the 6th, lists without values', async () => {
      const dana = await t.login('dana@uni.example');
      const values: string[] = [];
      for (let i = 1; i <= 5; i++) {
        const res = await post('/api/v1/tokens', dana, { name: `ci-${i}` });
        expect(res.statusCode, `token ${i}`).toBe(201);
        expect(res.json().token).toMatch(/^mapp_dt_[0-9a-f]{48}$/);
        values.push(res.json().token);
      }
      const sixth = await post('/api/v1/tokens', dana, { name: 'ci-6' });
      expect(sixth.statusCode).toBe(422);
      expect(sixth.json().error).toBe('token_limit');

      const list = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: dana.auth });
      expect(list.json().tokens).toHaveLength(5);
      expect(list.body).not.toContain('mapp_dt_');
      const stored = await t.platform.db
        .selectFrom('deployTokens')
        .select('tokenHash')
        .where('userId', '=', dana.user.id)
        .execute();
      expect(stored.map((r) => r.tokenHash).sort()).toEqual(
        await Promise.all(
          values.map(async (v) => (await import('node:crypto')).createHash('sha256').update(v).digest('hex')),
        ).then((h) => h.sort()),
      );

      const revoked = await t.request({
        method: 'DELETE',
        url: `/api/v1/tokens/${list.json().tokens[0].id}`,
        headers: dana.auth,
      });
      expect(revoked.statusCode).toBe(200);
      expect((await post('/api/v1/tokens', dana, { name: 'ci-6' })).statusCode).toBe(201);
      const again = await t.request({
        method: 'DELETE',
        url: `/api/v1/tokens/${list.json().tokens[0].id}`,
        headers: dana.auth,
      });
      expect(again.json().error).toBe('token_not_found');
    });

    it('ten parallel creations leave exactly five', async () => {
      const erin = await t.login('erin@uni.example');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post('/api/v1/tokens', erin, { name: `p-${i}` })),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(5);
      const list = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: erin.auth });
      expect(list.json().tokens).toHaveLength(5);
    });

    it("cannot revoke someone else's token", async () => {
      const created = await post('/api/v1/tokens', alice, { name: 'mine' });
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v1/tokens/${created.json().id}`,
        headers: bob.auth,
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
