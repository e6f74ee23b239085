// A real platform on a loopback port, a signed-in user and a host made for them: what every host test starts with.
import {
  type SignedIn,
  startTestPlatform,
  type TestPlatform,
} from '../../../server/test/helpers/platform.js';
import { createHost, type Host, type HostOptions } from '../../src/index.js';

export interface HostPlatform {
  t: TestPlatform;
  baseUrl: string;
  user: SignedIn;
  /** A host signed in as `user`. */
  host: Host;
  hostFor(who: SignedIn | null, options?: Partial<HostOptions>): Host;
  close(): Promise<void>;
}

export async function startHostPlatform(): Promise<HostPlatform> {
  const t = await startTestPlatform('sqlite');
  const baseUrl = await t.listen();
  const user = await t.login('student@uni.example', { fullName: 'Ada Student', group: 'MT-21' });
  const hostFor = (who: SignedIn | null, options: Partial<HostOptions> = {}) =>
    createHost({ baseUrl, getToken: () => who?.token, ...options });
  return { t, baseUrl, user, host: hostFor(user), hostFor, close: () => t.close() };
}
