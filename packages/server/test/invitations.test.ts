// Invitations by e-mail: no enumeration, accept and decline by the addressee only, revoke, 14-day expiry, the member quota.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../src/config.js';
import { ManualClock } from '../src/infra/clock.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)('invitations on %s', (dialect) => {
  let t: TestPlatform;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t.close());

  async function newOrg(platform: TestPlatform = t) {
    counter += 1;
    const org = `club-${counter}`;
    const owner = await platform.login(`owner-${counter}@uni.example`);
    await platform.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: org, name: `Club ${counter}` },
    });
    return { org, owner };
  }
  const invite = (org: string, by: SignedIn, payload: object, platform: TestPlatform = t) =>
    platform.request({ method: 'POST', url: `/api/v1/orgs/${org}/invitations`, headers: by.auth, payload });
  const mine = async (who: SignedIn, platform: TestPlatform = t) =>
    (await platform.request({ method: 'GET', url: '/api/v1/me/invitations', headers: who.auth })).json()
      .invitations as Array<{
      id: string;
      organization: { id: string };
      role: string;
    }>;
  const respond = (id: string, who: SignedIn, verb: 'accept' | 'decline', platform: TestPlatform = t) =>
    platform.request({ method: 'POST', url: `/api/v1/me/invitations/${id}/${verb}`, headers: who.auth });
  const memberEmails = async (org: string, by: SignedIn, platform: TestPlatform = t) =>
    (
      (await platform.request({ method: 'GET', url: `/api/v1/orgs/${org}`, headers: by.auth })).json()
        .members as Array<{ email: string; role: string }>
    ).map((m) => `${m.email}:${m.role}`);

  it('answers the same whether or not the address has an account, on both routes', async () => {
    const { org, owner } = await newOrg();
    await t.login(`known-${counter}@uni.example`);
    const known = await invite(org, owner, { email: `known-${counter}@uni.example` });
    const unknown = await invite(org, owner, { email: `nobody-${counter}@uni.example` });
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    const shape = (body: object) =>
      JSON.stringify(body, (k, v) => (k && typeof v !== 'object' ? typeof v : v));
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    expect(unknown.json().invitation).toMatchObject({
      email: `nobody-${counter}@uni.example`,
      role: 'member',
      invitedBy: { id: owner.user.id },
    });

    const oldKnown = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${org}/members`,
      headers: owner.auth,
      payload: { email: `known-${counter}@uni.example` },
    });
    const oldUnknown = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${org}/members`,
      headers: owner.auth,
      payload: { email: `nobody-${counter}@uni.example` },
    });
    expect([oldKnown.statusCode, oldUnknown.statusCode]).toEqual([200, 200]);
    expect(shape(oldKnown.json())).toEqual(shape(oldUnknown.json()));
    // Nobody was added: only the owner is a member until someone accepts.
    expect(oldUnknown.json().members).toHaveLength(1);

    // Same order of magnitude in time: neither path looks the address up among accounts.
    const time = async (email: string) => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await invite(org, owner, { email });
      return performance.now() - started;
    };
    const [a, b] = [await time(`known-${counter}@uni.example`), await time(`nobody-${counter}@uni.example`)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(10);
  });

  it('the addressee sees the invitation and joins with its role on accepting; the address is matched without case', async () => {
    const { org, owner } = await newOrg();
    const bob = await t.login(`bob-${counter}@uni.example`);
    const res = await invite(org, owner, { email: `Bob-${counter}@UNI.example`, role: 'owner' });
    expect(res.json().invitation.email).toBe(`bob-${counter}@uni.example`);
    const listed = await mine(bob);
    expect(listed).toEqual([
      expect.objectContaining({
        id: res.json().invitation.id,
        role: 'owner',
        organization: { id: org, name: `Club ${counter}` },
      }),
    ]);
    const accepted = await respond(listed[0]!.id, bob, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      ok: true,
      organization: { id: org, name: `Club ${counter}` },
      role: 'owner',
    });
    expect(await memberEmails(org, owner)).toEqual([
      `owner-${counter}@uni.example:owner`,
      `bob-${counter}@uni.example:owner`,
    ]);
    expect(await mine(bob)).toEqual([]);
    const pending = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${org}/invitations`,
      headers: owner.auth,
    });
    expect(pending.json().invitations).toEqual([]);
    const again = await invite(org, owner, { email: `bob-${counter}@uni.example` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_member');
  });

  it("another user's token cannot accept or decline someone else's invitation (404)", async () => {
    const { org, owner } = await newOrg();
    const eve = await t.login(`eve-${counter}@uni.example`);
    const { id } = (await invite(org, owner, { email: `carol-${counter}@uni.example` })).json().invitation;
    for (const verb of ['accept', 'decline'] as const) {
      const res = await respond(id, eve, verb);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('invitation_not_found');
    }
    expect(await mine(eve)).toEqual([]);
    expect(await memberEmails(org, owner)).toEqual([`owner-${counter}@uni.example:owner`]);
    const unknown = await respond('inv_nothing', eve, 'accept');
    expect(unknown.statusCode).toBe(404);
  });

  it('declining makes no membership and the invitation is spent', async () => {
    const { org, owner } = await newOrg();
    const dan = await t.login(`dan-${counter}@uni.example`);
    const { id } = (await invite(org, owner, { email: dan.user.email })).json().invitation;
    expect((await respond(id, dan, 'decline')).statusCode).toBe(200);
    expect(await mine(dan)).toEqual([]);
    expect((await respond(id, dan, 'accept')).statusCode).toBe(404);
    expect(await memberEmails(org, owner)).toHaveLength(1);
  });

  it('accepting twice at once makes one membership, and both answers agree', async () => {
    for (let round = 0; round < 3; round++) {
      const { org, owner } = await newOrg();
      const fay = await t.login(`fay-${counter}@uni.example`);
      const { id } = (await invite(org, owner, { email: fay.user.email })).json().invitation;
      const answers = await Promise.all([
        respond(id, fay, 'accept'),
        respond(id, fay, 'accept'),
        respond(id, fay, 'accept'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(await memberEmails(org, owner)).toEqual([
        `owner-${counter}@uni.example:owner`,
        `fay-${counter}@uni.example:member`,
      ]);
    }
  });

  it('owners list and revoke pending invitations; members cannot; a revoked one cannot be accepted', async () => {
    const { org, owner } = await newOrg();
    const gil = await t.login(`gil-${counter}@uni.example`);
    const hal = await t.login(`hal-${counter}@uni.example`);
    const forGil = (await invite(org, owner, { email: gil.user.email })).json().invitation;
    const forHal = (await invite(org, owner, { email: hal.user.email })).json().invitation;
    await respond(forHal.id, hal, 'accept');
    const asMember = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${org}/invitations`,
      headers: hal.auth,
    });
    expect(asMember.statusCode).toBe(403);
    const revokeAsMember = await t.request({
      method: 'DELETE',
      url: `/api/v1/orgs/${org}/invitations/${forGil.id}`,
      headers: hal.auth,
    });
    expect(revokeAsMember.statusCode).toBe(403);
    const inviteAsMember = await invite(org, hal, { email: 'x@uni.example' });
    expect(inviteAsMember.statusCode).toBe(403);

    const listed = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${org}/invitations`,
      headers: owner.auth,
    });
    expect(listed.json().invitations.map((i: { email: string }) => i.email)).toEqual([gil.user.email]);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/orgs/${org}/invitations/${forGil.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const twice = await t.request({
      method: 'DELETE',
      url: `/api/v1/orgs/${org}/invitations/${forGil.id}`,
      headers: owner.auth,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe('invitation_not_found');
    expect(await mine(gil)).toEqual([]);
    expect((await respond(forGil.id, gil, 'accept')).statusCode).toBe(404);
  });

  it('a pending invitation lapses exactly 14 days after it was made; inviting again renews it', async () => {
    const clock = new ManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    t.platform.clock = clock;
    try {
      const { org, owner } = await newOrg();
      const ivy = await t.login(`ivy-${counter}@uni.example`);
      const jon = await t.login(`jon-${counter}@uni.example`);
      const forIvy = (await invite(org, owner, { email: ivy.user.email })).json().invitation;
      const forJon = (await invite(org, owner, { email: jon.user.email })).json().invitation;
      expect(forIvy.expiresAt).toBe('2026-03-15T12:00:00.000Z');

      clock.advance(14 * DAY - 1);
      expect(await mine(ivy)).toHaveLength(1);
      expect((await respond(forIvy.id, ivy, 'accept')).statusCode).toBe(200);

      clock.advance(1); // exactly 14 days
      expect(await mine(jon)).toEqual([]);
      const late = await respond(forJon.id, jon, 'accept');
      expect(late.statusCode).toBe(404);
      expect(late.json().error).toBe('invitation_not_found');
      const listed = await t.request({
        method: 'GET',
        url: `/api/v1/orgs/${org}/invitations`,
        headers: owner.auth,
      });
      expect(listed.json().invitations).toEqual([]);

      const renewed = (await invite(org, owner, { email: jon.user.email })).json().invitation;
      expect(renewed.id).toBe(forJon.id);
      expect(renewed.expiresAt).toBe('2026-03-29T12:00:00.000Z');
      expect((await respond(forJon.id, jon, 'accept')).statusCode).toBe(200);
    } finally {
      t.platform.clock = { now: () => Date.now() };
    }
  });

  it('documents every membership route in the OpenAPI description', async () => {
    const spec = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    const methods = (path: string) => Object.keys(spec.paths[path] ?? {}).sort();
    expect(methods('/api/v1/orgs/{org}/invitations')).toEqual(['get', 'post']);
    expect(methods('/api/v1/orgs/{org}/invitations/{id}')).toEqual(['delete']);
    expect(methods('/api/v1/orgs/{org}/members')).toEqual(['post']);
    expect(methods('/api/v1/orgs/{org}/members/{userId}')).toEqual(['delete', 'patch']);
    expect(methods('/api/v1/me/invitations')).toEqual(['get']);
    expect(methods('/api/v1/me/invitations/{id}/accept')).toEqual(['post']);
    expect(methods('/api/v1/me/invitations/{id}/decline')).toEqual(['post']);
    const invite = spec.paths['/api/v1/orgs/{org}/invitations'].post;
    expect(Object.keys(invite.responses)).toEqual(expect.arrayContaining(['201', '409', '422']));
  });

  it('takes an address of 254 characters and refuses one of 255', async () => {
    const { org, owner } = await newOrg();
    const address = (length: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.org`;
    expect(address(254)).toHaveLength(254);
    expect((await invite(org, owner, { email: address(254) })).statusCode).toBe(201);
    const over = await invite(org, owner, { email: address(255) });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('bad_request');
  });

  it('refuses a malformed e-mail and an unknown role with 400', async () => {
    const { org, owner } = await newOrg();
    for (const payload of [{ email: 'not-an-address' }, { email: 'a@uni.example', role: 'admin' }, {}]) {
      const res = await invite(org, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().ok).toBe(false);
    }
  });
});

describe.each(dialects)('the member quota on %s', (dialect) => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(dialect, { QUOTA_MEMBERS_PER_ORG: '3' });
  });
  afterAll(() => t.close());

  it('counts members plus live invitations: at the limit invitations stop with 422 quota_exceeded', async () => {
    const owner = await t.login('boss@uni.example');
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: 'tiny', name: 'Tiny' },
    });
    const invite = (email: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/orgs/tiny/invitations',
        headers: owner.auth,
        payload: { email },
      });
    const first = await invite('one@uni.example');
    expect(first.statusCode).toBe(201);
    expect((await invite('two@uni.example')).statusCode).toBe(201); // 1 member + 2 invitations = 3, the limit
    const over = await invite('three@uni.example');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ ok: false, error: 'quota_exceeded', details: { limit: 3 } });
    expect(over.json().message).toContain('3');
    const old = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/tiny/members',
      headers: owner.auth,
      payload: { email: 'three@uni.example' },
    });
    expect(old.statusCode).toBe(422);
    // Renewing a pending invitation takes no room.
    expect((await invite('two@uni.example')).statusCode).toBe(201);
    // Accepting keeps the count; revoking frees a place.
    const one = await t.login('one@uni.example');
    await t.request({
      method: 'POST',
      url: `/api/v1/me/invitations/${first.json().invitation.id}/accept`,
      headers: one.auth,
    });
    expect((await invite('three@uni.example')).statusCode).toBe(422);
    const pending = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/tiny/invitations',
      headers: owner.auth,
    });
    const two = pending.json().invitations[0].id as string;
    await t.request({ method: 'DELETE', url: `/api/v1/orgs/tiny/invitations/${two}`, headers: owner.auth });
    expect((await invite('three@uni.example')).statusCode).toBe(201);
    expect((await invite('four@uni.example')).statusCode).toBe(422);
  });

  it('parallel invitations never pass the limit', async () => {
    const owner = await t.login('rush@uni.example');
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: 'rush', name: 'Rush' },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/v1/orgs/rush/invitations',
          headers: owner.auth,
          payload: { email: `r${i}@uni.example` },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
  });
});

describe('QUOTA_MEMBERS_PER_ORG', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-members-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const problems = (value: string) => {
    try {
      loadConfig({ DATA_DIR: dataDir, QUOTA_MEMBERS_PER_ORG: value });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is 100 by default and takes any whole number from 1', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).quotas.membersPerOrg).toBe(100);
    expect(loadConfig({ DATA_DIR: dataDir, QUOTA_MEMBERS_PER_ORG: '1' }).quotas.membersPerOrg).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, QUOTA_MEMBERS_PER_ORG: '1000000' }).quotas.membersPerOrg).toBe(
      1000000,
    );
  });

  it.each(['0', '-1', '2.5', 'many', '1000001'])('refuses %s with a clear message', (value) => {
    expect(problems(value)).toEqual([
      `QUOTA_MEMBERS_PER_ORG must be a whole number from 1 to 1000000 (got "${value}")`,
    ]);
  });
});
