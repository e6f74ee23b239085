// Makes someone a member the way a person does: the owner invites their e-mail and they accept.
import type { SignedIn, TestPlatform } from './platform.js';

export async function addMember(
  t: TestPlatform,
  owner: SignedIn,
  org: string,
  who: SignedIn,
  role: 'owner' | 'member' = 'member',
): Promise<void> {
  const invited = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${org}/invitations`,
    headers: owner.auth,
    payload: { email: who.user.email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await t.request({
    method: 'POST',
    url: `/api/v1/me/invitations/${invited.json().invitation.id}/accept`,
    headers: who.auth,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}
