// Test-made TLS material with Debian's openssl: a throwaway CA, leaves it signs, and self-signed leaves.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Leaf {
  keyPem: string;
  certPem: string;
}

export interface TestCa {
  /** Directory holding the files; remove() deletes it. */
  dir: string;
  /** The CA certificate as a file (for NODE_EXTRA_CA_CERTS and the like) and as text. */
  caFile: string;
  caPem: string;
  /** A server certificate signed by this CA for the given subjectAltName, e.g. `DNS:origin.test`. */
  issue(name: string, subjectAltName: string): Leaf;
  /** A certificate no CA vouches for. */
  selfSigned(name: string, subjectAltName: string): Leaf;
  remove(): void;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeTestCa(commonName: string): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'miniapps-ca-'));
  const file = (name: string) => join(dir, name);
  const read = (name: string) => readFileSync(file(name), 'utf8');
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const days = ['-days', '2'];
  openssl(
    ...['req', '-x509', ...EC_KEY, '-keyout', file('ca.key'), '-out', file('ca.pem'), ...days],
    ...['-subj', `/CN=${commonName}`, '-addext', 'basicConstraints=critical,CA:TRUE'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  );
  return {
    dir,
    caFile: file('ca.pem'),
    caPem: read('ca.pem'),
    issue(name, subjectAltName) {
      openssl(
        'req',
        ...EC_KEY,
        '-keyout',
        file(`${name}.key`),
        '-out',
        file(`${name}.csr`),
        '-subj',
        `/CN=${name}`,
      );
      writeFileSync(
        file(`${name}.ext`),
        `subjectAltName=${subjectAltName}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
      );
      openssl(
        ...['x509', '-req', '-in', file(`${name}.csr`), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
        ...['-CAcreateserial', '-out', file(`${name}.pem`), ...days, '-extfile', file(`${name}.ext`)],
      );
      return { keyPem: read(`${name}.key`), certPem: read(`${name}.pem`) };
    },
    selfSigned(name, subjectAltName) {
      openssl(
        ...['req', '-x509', ...EC_KEY, '-keyout', file(`${name}.key`), '-out', file(`${name}.pem`), ...days],
        ...['-subj', `/CN=${name}`, '-addext', `subjectAltName=${subjectAltName}`],
      );
      return { keyPem: read(`${name}.key`), certPem: read(`${name}.pem`) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
