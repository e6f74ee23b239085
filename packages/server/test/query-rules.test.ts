// The query rule's shortcut for short plain queries gives exactly what the pair-by-pair rule gives.
import { describe, expect, it } from 'vitest';
import { filterPairs, filterQuery } from '../src/proxy/steps/query-rules.js';

describe('query filtering', () => {
  it('keeps plain queries as they are and drops empty pairs', () => {
    expect(filterQuery('page=2&sort=asc')).toBe('page=2&sort=asc');
    expect(filterQuery('a=1&&b=2&')).toBe('a=1&b=2');
    expect(filterQuery('q=a b')).toBe('q=a%20b');
  });

  it('agrees with the pair-by-pair rule on 20 000 random queries around the 64-character edge', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      '=',
      '&',
      '&',
      '%',
      '%2',
      '%41',
      '%zz',
      '+',
      ' ',
      '/',
      '?',
      '"',
      'é',
      '~',
      '[',
    ];
    let state = 7;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % n;
    };
    for (let round = 0; round < 20_000; round++) {
      const parts: string[] = [];
      const length = 1 + random(70);
      while (parts.join('').length < length) parts.push(alphabet[random(alphabet.length)]!);
      const query = parts.join('');
      expect(filterQuery(query), query).toBe(filterPairs(query));
    }
  });
});
