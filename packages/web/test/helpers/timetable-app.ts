// The hosted app the studio's tests edit, campus/timetable: made by its owner, deployed with the owner's token.
import { expect } from 'vitest';
import type { SignedIn } from '../../../server/test/helpers/platform.js';
import type { WebPlatform } from './browser.js';

export const screenWith = (child: object) => ({ type: 'screen', title: 'Timetable', children: [child] });

export async function createTimetableApp(t: WebPlatform, owner: SignedIn) {
  /** A call to the platform's API, as the owner unless other headers are given; an answer not 2xx fails the test. */
  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers = owner.auth) => {
    const res = await t.request({ method, url, headers, ...(payload && { payload }) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  await call('POST', '/api/v1/orgs', { id: 'campus', name: 'Campus' });
  await call('POST', '/api/v1/orgs/campus/apps', {
    slug: 'timetable',
    name: 'Timetable',
    sourceKind: 'hosted',
  });
  const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
  /** A deploy with the token: one screen showing `title`, and whatever `extra` adds to the body (submit, data…). */
  const deploy = (title: string, extra: object = {}) =>
    call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'campus',
        slug: 'timetable',
        screens: [{ path: '/', json: screenWith({ type: 'text', text: title }) }],
        ...extra,
      },
      { authorization: `Bearer ${token}` },
    );
  return { call, deploy };
}

export type TimetableApp = Awaited<ReturnType<typeof createTimetableApp>>;
