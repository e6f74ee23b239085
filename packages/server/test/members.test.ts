// Members: removal and leaving, roles, and the last owner who stays, on every dialect (in parallel too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { addMember } from './helpers/members.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.each(dialects)('members on %s', (dialect) => {
  let t: TestPlatform;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t.close());

  /** A fresh organization owned by a fresh user, with the named others as members. */
  async function team(...others: Array<'owner' | 'member'>) {
    counter += 1;
    const org = `team-${counter}`;
    const owner = await t.login(`owner-${counter}@uni.example`);
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: org, name: org },
    });
    const people: SignedIn[] = [];
    for (const [i, role] of others.entries()) {
      const who = await t.login(`p${i}-${counter}@uni.example`);
      await addMember(t, owner, org, who, role);
      people.push(who);
    }
    return { org, owner, people };
  }

  const remove = (org: string, by: SignedIn, userId: string) =>
    t.request({ method: 'DELETE', url: `/api/v1/orgs/${org}/members/${userId}`, headers: by.auth });
  const setRole = (org: string, by: SignedIn, userId: string, role: string) =>
    t.request({
      method: 'PATCH',
      url: `/api/v1/orgs/${org}/members/${userId}`,
      headers: by.auth,
      payload: { role },
    });
  const roles = async (org: string, by: SignedIn) => {
    const res = await t.request({ method: 'GET', url: `/api/v1/orgs/${org}`, headers: by.auth });
    return (res.json().members as Array<{ email: string; role: string }>).map(
      (m) => `${m.email.split('@')[0]}:${m.role}`,
    );
  };

  it('an owner removes a member, who then sees the organization as missing', async () => {
    const { org, owner, people } = await team('member');
    const res = await remove(org, owner, people[0]!.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, removed: people[0]!.user.id });
    expect(await roles(org, owner)).toEqual([`owner-${counter}:owner`]);
    const gone = await t.request({ method: 'GET', url: `/api/v1/orgs/${org}`, headers: people[0]!.auth });
    expect(gone.statusCode).toBe(404);
  });

  it('a member leaves by removing themselves but cannot remove anyone else', async () => {
    const { org, owner, people } = await team('member', 'member');
    const [ann, ben] = people as [SignedIn, SignedIn];
    const other = await remove(org, ann, ben.user.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('forbidden');
    const owners = await remove(org, ann, owner.user.id);
    expect(owners.statusCode).toBe(403);
    expect((await remove(org, ann, ann.user.id)).statusCode).toBe(200);
    expect(await roles(org, owner)).toEqual([`owner-${counter}:owner`, `p1-${counter}:member`]);
  });

  it('removing someone who is not a member is 404 member_not_found; a stranger gets 404 org_not_found', async () => {
    const { org, owner } = await team();
    const stranger = await t.login(`stranger-${counter}@uni.example`);
    const missing = await remove(org, owner, stranger.user.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('member_not_found');
    const outside = await remove(org, stranger, owner.user.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error).toBe('org_not_found');
    const bad = await setRole(org, owner, owner.user.id, 'admin');
    expect(bad.statusCode).toBe(400);
  });

  it('an owner promotes and demotes; a member cannot change roles', async () => {
    const { org, owner, people } = await team('member');
    const ann = people[0]!;
    const byMember = await setRole(org, ann, ann.user.id, 'owner');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('forbidden');
    const up = await setRole(org, owner, ann.user.id, 'owner');
    expect(up.statusCode).toBe(200);
    expect(await roles(org, owner)).toEqual([`owner-${counter}:owner`, `p0-${counter}:owner`]);
    // Owners are peers: the new owner may demote the creator while another owner remains.
    expect((await setRole(org, ann, owner.user.id, 'member')).statusCode).toBe(200);
    expect(await roles(org, ann)).toEqual([`owner-${counter}:member`, `p0-${counter}:owner`]);
  });

  it('the last owner can be neither demoted nor removed, nor leave: 409 last_owner', async () => {
    const { org, owner, people } = await team('member');
    const demote = await setRole(org, owner, owner.user.id, 'member');
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      error: 'last_owner',
      message: expect.stringContaining('last owner'),
    });
    const leave = await remove(org, owner, owner.user.id);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error).toBe('last_owner');
    // With a second owner, one of them may go.
    expect((await setRole(org, owner, people[0]!.user.id, 'owner')).statusCode).toBe(200);
    expect((await remove(org, owner, owner.user.id)).statusCode).toBe(200);
    const last = await remove(org, people[0]!, people[0]!.user.id);
    expect(last.json().error).toBe('last_owner');
  });

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const { org, owner, people } = await team('owner');
      const other = people[0]!;
      const answers = await Promise.all([
        setRole(org, owner, other.user.id, 'member'),
        setRole(org, other, owner.user.id, 'member'),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // The second one runs after the first and finds its caller no longer an owner.
      expect(statuses).toEqual([200, 403]);
      const now = await roles(org, answers[0]!.statusCode === 200 ? owner : other);
      expect(now.filter((r) => r.endsWith(':owner'))).toHaveLength(1);
    }
  });

  it('two owners leaving at once leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const { org, owner, people } = await team('owner');
      const other = people[0]!;
      const answers = await Promise.all([
        remove(org, owner, owner.user.id),
        remove(org, other, other.user.id),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const stayed = answers[0]!.statusCode === 409 ? owner : other;
      expect(await roles(org, stayed)).toEqual([`${stayed.user.email.split('@')[0]}:owner`]);
    }
  });
});
