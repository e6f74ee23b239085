// All four fake push providers at once, with the environment that points a platform at them.
import { type FakeApns, startFakeApns } from './apns.js';
import { makeTestCertificates, type TestCertificates } from './certs.js';
import { type FakeFcm, startFakeFcm } from './fcm.js';
import { type FakeHms, startFakeHms } from './hms.js';
import { type FakeRustore, startFakeRustore } from './rustore.js';

export interface PushFakes {
  fcm: FakeFcm;
  apns: FakeApns;
  hms: FakeHms;
  rustore: FakeRustore;
  certs: TestCertificates;
  /** Configuration for a platform that sends to these fakes (fast retries, as tests want). */
  env: Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

export async function startPushFakes(): Promise<PushFakes> {
  const certs = makeTestCertificates();
  const [fcm, apns, hms, rustore] = await Promise.all([
    startFakeFcm(),
    startFakeApns(certs),
    startFakeHms(),
    startFakeRustore(),
  ]);
  const env = {
    FCM_SERVICE_ACCOUNT: fcm.serviceAccount,
    FCM_BASE_URL: fcm.url,
    APNS_KEY: apns.keyPem,
    APNS_KEY_ID: apns.keyId,
    APNS_TEAM_ID: apns.teamId,
    APNS_TOPIC: apns.topic,
    APNS_BASE_URL: apns.url,
    PUSH_CA_FILE: certs.caFile,
    HMS_APP_ID: hms.appId,
    HMS_CLIENT_SECRET: hms.clientSecret,
    HMS_TOKEN_URL: `${hms.url}/oauth2/v3/token`,
    HMS_BASE_URL: hms.url,
    RUSTORE_PROJECT_ID: rustore.projectId,
    RUSTORE_SERVICE_TOKEN: rustore.serviceToken,
    RUSTORE_BASE_URL: rustore.url,
    PUSH_RETRY_BASE_MS: '20',
    PUSH_RETRY_MAX_MS: '200',
  };
  return {
    fcm,
    apns,
    hms,
    rustore,
    certs,
    env,
    reset() {
      for (const fake of [fcm, apns, hms, rustore]) fake.script.reset();
    },
    async close() {
      await Promise.all([fcm.close(), apns.close(), hms.close(), rustore.close()]);
      certs.remove();
    },
  };
}
