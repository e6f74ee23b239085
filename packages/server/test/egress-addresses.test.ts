// Host safety below the name: address classes, the checked lookup with a stubbed resolver, and the agent's connections.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { parseEgressConfig } from '../src/config/egress.js';
import { addressClass } from '../src/egress/address-ranges.js';
import { checkedLookup, createEgress } from '../src/egress/agent.js';
import { callOrigin } from '../src/egress/call-origin.js';
import {
  createEgressGuard,
  EgressRefused,
  type ResolvedAddress,
  type Resolver,
} from '../src/egress/guard.js';
import { startHttpsOrigin, testCertificates } from './helpers/https-origin.js';

function egressConfig(env: Record<string, string> = {}) {
  const problems: string[] = [];
  const config = parseEgressConfig(env, problems);
  expect(problems).toEqual([]);
  return config;
}

/** A resolver that answers from a table and never touches the network. */
function stubResolver(table: Record<string, string[]>, calls: string[] = []): Resolver {
  return async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const unsafe: Array<[string, string]> = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.254', 'cgnat'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link_local'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'reserved'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.251', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:a9fe:a9fe', 'link_local'],
  ['::ffff:10.1.2.3', 'private'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b:1::1', 'unspecified'],
  ['2002:7f00:1::1', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2001::1', 'unspecified'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'reserved'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456::1', 'unique_local'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['fec0::1', 'reserved'],
  ['ff02::1', 'multicast'],
  ['::2', 'unspecified'],
  ['4000::1', 'reserved'],
  // Every IPv6 form that carries an IPv4 address is judged by what it carries (regression: ::7f00:1).
  ['::7f00:1', 'loopback'],
  ['::7f00:2', 'loopback'],
  ['::a00:1', 'private'],
  ['::0.0.0.2', 'unspecified'],
  ['::ffff:0:7f00:1', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['::ffff:0:a9fe:a9fe', 'link_local'],
  ['64:ff9b:1::7f00:1', 'loopback'],
  ['64:ff9b:1::a00:1', 'private'],
  ['64:ff9b:1:7f00:0:100::', 'loopback'],
  ['64:ff9b:1:808:8:808:7f00:1', 'loopback'],
  ['64:ff9b:1:808:8:808::', 'unspecified'],
  ['64:ff9b:1:0:100::', 'reserved'],
  ['2002:a9fe:a9fe::1', 'link_local'],
  ['2002:808:808::5efe:7f00:1', 'loopback'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'],
  ['2001:10::1', 'reserved'],
  ['2606:4700::5efe:7f00:1', 'loopback'],
  ['2606:4700::200:5efe:a00:1', 'private'],
  ['2a00:1450::5efe:127.0.0.1', 'loopback'],
  ['fe80::5efe:808:808', 'link_local'],
];

const safe = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '2606:4700:4700::1111',
  '2a00:1450:4001::1',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '::8.8.8.8',
  '::ffff:0:8.8.8.8',
  '64:ff9b:1::808:808',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  '2606:4700::5efe:808:808',
  '2606:4700::200:5efe:8.8.8.8',
];

describe('address classes', () => {
  it.each(unsafe)('%s is %s', (address, expected) => {
    expect(addressClass(address)).toBe(expected);
  });

  it.each(safe)('%s is public', (address) => {
    expect(addressClass(address)).toBeUndefined();
  });

  it('text that is not an address is never public', () => {
    expect(addressClass('example.org')).toBe('not_an_ip');
    expect(addressClass('1.2.3')).toBe('not_an_ip');
  });
});

describe('the guard, with a stubbed resolver that never connects', () => {
  const table = Object.fromEntries([
    ...unsafe.map(([address], i) => [`bad${i}.example`, [address]]),
    ['mixed.example', ['93.184.216.34', '10.0.0.1']],
    ['mixed6.example', ['2606:4700::1', 'fd00::1']],
    ['public.example', ['93.184.216.34', '2606:4700::1']],
    ['empty.example', []],
  ]);
  const guard = createEgressGuard(egressConfig(), stubResolver(table));

  it.each(unsafe.map(([address, cls], i) => [`bad${i}.example`, address, cls]))(
    '%s resolving to %s is refused',
    async (name, address) => {
      const refusal = await guard.resolve(name).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(EgressRefused);
      expect((refusal as EgressRefused).address).toBe(address);
    },
  );

  it('one private address among public ones refuses the whole name', async () => {
    await expect(guard.resolve('mixed.example')).rejects.toMatchObject({
      reason: 'private',
      address: '10.0.0.1',
    });
    await expect(guard.resolve('mixed6.example')).rejects.toMatchObject({ reason: 'unique_local' });
  });

  it('a name with no addresses is refused; a public name passes with all its addresses', async () => {
    await expect(guard.resolve('empty.example')).rejects.toBeInstanceOf(EgressRefused);
    expect((await guard.resolve('public.example')).map((a) => a.address)).toEqual([
      '93.184.216.34',
      '2606:4700::1',
    ]);
  });

  it('names are checked before any resolution', async () => {
    const calls: string[] = [];
    const strict = createEgressGuard(
      egressConfig({ INTERNAL_HOSTS: 'corp.example' }),
      stubResolver({}, calls),
    );
    for (const name of [
      'localhost',
      'x.localhost',
      'printer.local',
      'db.internal',
      '10.0.0.1',
      '[::1]',
      'api.corp.example',
    ]) {
      await expect(strict.resolve(name)).rejects.toBeInstanceOf(EgressRefused);
    }
    expect(calls).toEqual([]);
  });

  it('EGRESS_HOSTS answers before DNS and is checked like DNS; EGRESS_ALLOW_RANGES lets a range through', async () => {
    const calls: string[] = [];
    const mapped = createEgressGuard(
      egressConfig({
        EGRESS_HOSTS: 'origin.test=127.0.0.1,evil.test=10.0.0.1',
        EGRESS_ALLOW_RANGES: '127.0.0.0/8',
      }),
      stubResolver({}, calls),
    );
    expect(await mapped.resolve('origin.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await mapped.resolve('ORIGIN.TEST.')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(mapped.resolve('evil.test')).rejects.toMatchObject({ reason: 'private' });
    expect(calls).toEqual([]);
  });

  it('an allowed range also admits its IPv4-mapped, translated and NAT64 forms, and nothing beyond the range', async () => {
    const guarded = createEgressGuard(
      egressConfig({ EGRESS_ALLOW_RANGES: '10.1.0.0/16' }),
      stubResolver({
        'a.example': ['::ffff:10.1.2.3'],
        'b.example': ['10.2.0.1'],
        'c.example': ['::ffff:0:10.1.2.3', '64:ff9b::a01:203'],
        'tunnel.example': ['2606:4700::5efe:a01:203'],
      }),
    );
    expect(await guarded.resolve('a.example')).toHaveLength(1);
    expect(await guarded.resolve('c.example')).toHaveLength(2);
    await expect(guarded.resolve('b.example')).rejects.toMatchObject({ reason: 'private' });
    // A tunnel endpoint inside the range is not the range: ISATAP and Teredo are allowed only by their IPv6 address.
    await expect(guarded.resolve('tunnel.example')).rejects.toMatchObject({ reason: 'private' });
  });
});

describe('the checked lookup handed to sockets', () => {
  const guard = createEgressGuard(
    egressConfig(),
    stubResolver({ 'two.example': ['93.184.216.34', '2606:4700::1'], 'bad.example': ['169.254.169.254'] }),
  );
  const lookup = checkedLookup(guard);
  const run = (name: string, options: object) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family: number | undefined }>(
      (resolve) => lookup(name, options, (error, address, family) => resolve({ error, address, family })),
    );

  it('answers one address, or all of them, of the requested family', async () => {
    expect(await run('two.example', {})).toMatchObject({ error: null, address: '93.184.216.34', family: 4 });
    expect(await run('two.example', { family: 6 })).toMatchObject({ address: '2606:4700::1', family: 6 });
    expect((await run('two.example', { all: true })).address).toHaveLength(2);
  });

  it('hands the socket an error, never an address, for an unsafe name', async () => {
    const result = await run('bad.example', { all: true });
    expect(result.error).toBeInstanceOf(EgressRefused);
    expect(result.address).toBe('');
  });
});

describe('the egress agent against a loopback origin', () => {
  it('a name that rebinds between connections is refused as soon as it answers an unsafe address', async () => {
    const certs = testCertificates();
    const origin = await startHttpsOrigin();
    const answers = ['127.0.0.1', '127.0.0.2'];
    const resolver: Resolver = async () => [{ address: answers.shift() ?? '127.0.0.2', family: 4 }];
    const egress = createEgress(egressConfig({ EGRESS_ALLOW_RANGES: '127.0.0.1/32' }), {
      extraCa: (await import('node:fs')).readFileSync(certs.caFile, 'utf8'),
      resolver,
    });
    const request = (d = egress.dispatcher) =>
      callOrigin(d, {
        origin: `https://origin.test:${origin.port}`,
        path: '/x',
        method: 'GET',
        headers: [],
        body: undefined,
      });
    try {
      expect((await request()).status).toBe(200);
      // A new connection resolves again: the name now points inside, and nothing is sent.
      await egress.dispatcher.destroy();
      const fresh = createEgress(egressConfig({ EGRESS_ALLOW_RANGES: '127.0.0.1/32' }), {
        extraCa: (await import('node:fs')).readFileSync(certs.caFile, 'utf8'),
        resolver,
      });
      await expect(request(fresh.dispatcher)).rejects.toMatchObject({
        code: 'forbidden_origin',
        details: { reason: 'loopback' },
      });
      await fresh.close();
      expect(origin.requests).toHaveLength(1);
    } finally {
      await origin.close();
    }
  });

  it('resolves once per connection, connects to the checked address, and refuses IP literals at connect time', async () => {
    const certs = testCertificates();
    const origin = await startHttpsOrigin();
    const calls: string[] = [];
    const egress = createEgress(egressConfig({ EGRESS_ALLOW_RANGES: '127.0.0.1/32' }), {
      extraCa: (await import('node:fs')).readFileSync(certs.caFile, 'utf8'),
      resolver: stubResolver({ 'origin.test': ['127.0.0.1'], 'rebound.origin.test': ['127.0.0.2'] }, calls),
    });
    try {
      const request = (originUrl: string, path: string) =>
        callOrigin(egress.dispatcher, {
          origin: originUrl,
          path,
          method: 'GET',
          headers: [],
          body: undefined,
        });
      const paths = ['/1', '/2', '/3', '/4', '/5', '/6'];
      for (const path of paths) {
        const answer = await request(`https://origin.test:${origin.port}`, path);
        expect(answer.status).toBe(200);
      }
      // One resolution per new connection, none per request: pooled connections are reused.
      expect(calls.length).toBe(origin.connections);
      expect(calls.length).toBeLessThan(paths.length);
      // The pipeline would refuse these names first; the agent refuses them again on its own.
      await expect(request(`https://127.0.0.1:${origin.port}`, '/')).rejects.toMatchObject({
        code: 'forbidden_origin',
      });
      await expect(request(`https://rebound.origin.test:${origin.port}`, '/')).rejects.toMatchObject({
        code: 'forbidden_origin',
        details: { reason: 'loopback' },
      });
      expect(origin.requests.map((r) => r.url)).toEqual(paths);
    } finally {
      await egress.close();
      await origin.close();
    }
  });
});
