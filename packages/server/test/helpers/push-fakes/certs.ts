// Test-made TLS material for the fakes: a throwaway CA and a certificate for 127.0.0.1 and localhost it signs.
import { makeTestCa } from '../test-ca.js';

export interface TestCertificates {
  /** Directory holding the files; remove() deletes it. */
  dir: string;
  caFile: string;
  caPem: string;
  keyPem: string;
  certPem: string;
  remove(): void;
}

export function makeTestCertificates(): TestCertificates {
  const ca = makeTestCa('push fakes test CA');
  const server = ca.issue('127.0.0.1', 'IP:127.0.0.1,DNS:localhost');
  return {
    dir: ca.dir,
    caFile: ca.caFile,
    caPem: ca.caPem,
    keyPem: server.keyPem,
    certPem: server.certPem,
    remove: ca.remove,
  };
}
