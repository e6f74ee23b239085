// A local certificate authority and the server certificates it signs, made with node:crypto and kept under the config dir.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Certificate {
  certPem: string;
  keyPem: string;
  /** Files, to print and to give other tools. */
  certFile: string;
  keyFile: string;
}

const DAY_MS = 86_400_000;
/** The CA lives ten years; a server certificate one, made again when under a month is left (or the CA changed). */
const CA_DAYS = 3650;
const LEAF_DAYS = 365;
const RENEW_DAYS = 30;

/**
 * The CA of this config dir (made once), and a server certificate for `name` it signed (made again when
 * missing, near its end or not the CA's). ECDSA P-256 both, so nothing but node:crypto is needed.
 */
export function localCertificates(dir: string, name: string): { ca: Certificate; leaf: Certificate } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ca =
    reuse(dir, 'ca', (cert) => cert.ca) ?? issue(dir, 'ca', { commonName: 'miniapps dev --origin local CA' });
  const fits = (cert: X509Certificate) =>
    cert.checkHost(name) === name &&
    cert.checkIssued(new X509Certificate(ca.certPem)) &&
    cert.verify(createPublicKey(ca.keyPem));
  const leaf = reuse(dir, name, fits) ?? issue(dir, name, { commonName: name, dnsName: name, issuer: ca });
  return { ca, leaf };
}

function reuse(dir: string, base: string, fits: (cert: X509Certificate) => boolean): Certificate | undefined {
  const certFile = join(dir, `${base}.pem`);
  const keyFile = join(dir, `${base}.key`);
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  try {
    const certPem = readFileSync(certFile, 'utf8');
    const keyPem = readFileSync(keyFile, 'utf8');
    const cert = new X509Certificate(certPem);
    const fresh = Date.parse(cert.validTo) - Date.now() > RENEW_DAYS * DAY_MS;
    if (!fresh || !cert.checkPrivateKey(createPrivateKey(keyPem)) || !fits(cert)) return undefined;
    return { certPem, keyPem, certFile, keyFile };
  } catch {
    // Unreadable or damaged: made again below.
    return undefined;
  }
}

interface Subject {
  commonName: string;
  /** A server certificate's one DNS name; absent for the CA. */
  dnsName?: string;
  /** The CA that signs; absent for the CA itself (self-signed). */
  issuer?: Certificate;
}

function issue(dir: string, base: string, subject: Subject): Certificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = subject.issuer ? createPrivateKey(subject.issuer.keyPem) : privateKey;
  const issuerName = subject.issuer
    ? new X509Certificate(subject.issuer.certPem).subject.replace(/^CN=/, '')
    : subject.commonName;
  const now = Date.now();
  const der = certificate({
    subject: subject.commonName,
    issuer: issuerName,
    publicKey,
    signer,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + (subject.issuer ? LEAF_DAYS : CA_DAYS) * DAY_MS),
    extensions: subject.dnsName === undefined ? caExtensions() : serverExtensions(subject.dnsName),
  });
  const certPem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certFile = join(dir, `${base}.pem`);
  const keyFile = join(dir, `${base}.key`);
  writeFileSync(keyFile, keyPem, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, certPem);
  return { certPem, keyPem, certFile, keyFile };
}

// --- X.509 in DER (RFC 5280), only what these two certificates need ---

const OID = {
  commonName: '2.5.4.3',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

function certificate(fields: {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signer: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}): Buffer {
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40; // positive, and no leading zero byte needed
  const tbs = sequence(
    tagged(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    algorithm,
    name(fields.issuer),
    sequence(time(fields.notBefore), time(fields.notAfter)),
    name(fields.subject),
    fields.publicKey.export({ type: 'spki', format: 'der' }),
    tagged(0xa3, sequence(...fields.extensions)),
  );
  // ECDSA's signature from node:crypto is DER already (dsaEncoding defaults to 'der').
  return sequence(tbs, algorithm, bitString(sign('sha256', tbs, fields.signer)));
}

function caExtensions(): Buffer[] {
  return [
    extension(OID.basicConstraints, true, sequence(tlv(0x01, Buffer.from([0xff])))),
    // keyCertSign and cRLSign: bits 5 and 6.
    extension(OID.keyUsage, true, tlv(0x03, Buffer.from([0x01, 0x06]))),
  ];
}

function serverExtensions(dnsName: string): Buffer[] {
  return [
    extension(OID.basicConstraints, true, sequence()),
    // digitalSignature: bit 0.
    extension(OID.keyUsage, true, tlv(0x03, Buffer.from([0x07, 0x80]))),
    extension(OID.extKeyUsage, false, sequence(oid(OID.serverAuth))),
    extension(OID.subjectAltName, false, sequence(tlv(0x82, Buffer.from(dnsName, 'ascii')))),
  ];
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));
}

function name(commonName: string): Buffer {
  return sequence(tlv(0x31, sequence(oid(OID.commonName), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
function time(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${text.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${text}Z`, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const base128 = [part & 0x7f];
    for (let value = part >>> 7; value > 0; value >>>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function integer(value: Buffer): Buffer {
  return tlv(0x02, value);
}

function bitString(value: Buffer): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([0]), value]));
}

function sequence(...items: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

function tagged(tag: number, value: Buffer): Buffer {
  return tlv(tag, value);
}

function tlv(tag: number, value: Buffer): Buffer {
  const length = value.length;
  const header =
    length < 0x80
      ? [tag, length]
      : length < 0x100
        ? [tag, 0x81, length]
        : [tag, 0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from(header), value]);
}
