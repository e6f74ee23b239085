// The proxy's JSON check (proxy/answers/json-text.ts) says yes exactly where JSON.parse does, and tells the top-level shape.
import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { type JsonShape, jsonShape } from '../src/proxy/answers/json-text.js';

/** What JSON.parse says of the same bytes, read as the proxy's answer check reads them. */
function reference(bytes: Buffer): JsonShape {
  if (!isUtf8(bytes)) return 'invalid';
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' && value !== null ? 'object' : 'scalar';
}

const valid = [
  '{}',
  '[]',
  ' \t\r\n{ } \n',
  '{"a":1}',
  '{"a" : [1, 2.5, -0, -0.0e+1, 1E5, 1e-7, 0.25] , "b":{"c":null}}',
  '[true,false,null,"",{},[]]',
  '"just a string"',
  '0',
  '-1',
  '12.5e3',
  'true',
  'null',
  '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00"',
  '"\\uDEAD"',
  '{"é":"ünïcödé ✓ 😀"}',
  '{"a":1,"a":2}',
  '[[[[[[[[[[1]]]]]]]]]]',
];

const invalid = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '[1,]',
  '[,1]',
  '{"a":1,}',
  '{,}',
  '{"a"}',
  '{"a":}',
  '{a:1}',
  "{'a':1}",
  '{"a" 1}',
  '{"a":1 "b":2}',
  '[1 2]',
  '{}{}',
  '{} x',
  '[1]]',
  '01',
  '-',
  '+1',
  '.5',
  '1.',
  '1.e5',
  '1e',
  '1e+',
  '-01',
  'NaN',
  'Infinity',
  '-Infinity',
  'tru',
  'truex',
  'nul',
  'True',
  '"unterminated',
  '"tab\there"',
  '"line\nbreak"',
  '"\\x41"',
  '"\\u12"',
  '"\\u12G4"',
  '"\\',
  '"\\"',
  '\uFEFF{}',
  '\u00A0{}',
  '\u000B{}',
  '<!doctype html><html></html>',
  '[1,2',
  '{"a":[}',
  '{"a":{]}',
  '[}',
];

describe('jsonShape', () => {
  it.each(valid)('accepts %j as JSON.parse does', (text) => {
    const bytes = Buffer.from(text, 'utf8');
    expect(jsonShape(bytes)).toBe(reference(bytes));
    expect(jsonShape(bytes)).not.toBe('invalid');
  });

  it.each(invalid)('refuses %j as JSON.parse does', (text) => {
    const bytes = Buffer.from(text, 'utf8');
    expect(reference(bytes)).toBe('invalid');
    expect(jsonShape(bytes)).toBe('invalid');
  });

  it('tells objects, arrays and scalars apart', () => {
    expect(jsonShape(Buffer.from(' {"a":[1]} '))).toBe('object');
    expect(jsonShape(Buffer.from('[{"a":1}]'))).toBe('array');
    expect(jsonShape(Buffer.from('"{}"'))).toBe('scalar');
  });

  it('refuses bytes that are not UTF-8, which JSON.parse of the decoded text would let through', () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]); // {"a":"\xff\xfe"}
    expect(() => JSON.parse(bytes.toString('utf8'))).not.toThrow();
    expect(jsonShape(bytes)).toBe('invalid');
  });

  it('takes any depth without recursion: 100 000 nested arrays and objects', () => {
    const depth = 100_000;
    expect(jsonShape(Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBe('array');
    expect(jsonShape(Buffer.from(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`))).toBe('object');
    expect(jsonShape(Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth - 1)}`))).toBe('invalid');
  });

  it('agrees with JSON.parse on 20 000 random mutations of real answers', () => {
    const seeds = [
      ...valid,
      JSON.stringify({ ok: true, items: [{ id: 1, title: 'Lecture: "A" \\ B', at: 1.5e-3 }] }),
    ];
    // The bytes that matter to the grammar, and a few that do not.
    const alphabet = Buffer.from('{}[],:"\\/ \t\n\r0123456789+-.eEtrufalsnbx\u00e9', 'utf8');
    let state = 12345;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % n;
    };
    let accepted = 0;
    for (let round = 0; round < 20_000; round++) {
      const bytes = Buffer.from(seeds[random(seeds.length)]!, 'utf8');
      const edits = 1 + random(3);
      let mutated = bytes;
      for (let e = 0; e < edits; e++) {
        const at = random(mutated.length + 1);
        const kind = random(3);
        const byte = Buffer.of(alphabet[random(alphabet.length)]!);
        mutated =
          kind === 0
            ? Buffer.concat([mutated.subarray(0, at), mutated.subarray(at + 1)])
            : kind === 1
              ? Buffer.concat([mutated.subarray(0, at), byte, mutated.subarray(at + 1)])
              : Buffer.concat([mutated.subarray(0, at), byte, mutated.subarray(at)]);
      }
      const expected = reference(mutated);
      if (jsonShape(mutated) !== expected) {
        throw new Error(
          `disagrees on ${JSON.stringify(mutated.toString('latin1'))}: JSON.parse says ${expected}`,
        );
      }
      if (expected !== 'invalid') accepted++;
    }
    // The mutations reach both sides of the grammar, not only refusals.
    expect(accepted).toBeGreaterThan(1000);
  });
});
