// The client's message catalogues: the same keys in every language, valid ICU with the same placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholders } from '../../server/test/helpers/icu-placeholders.js';
import { catalogues } from '../src/i18n/catalogues.js';
import { format, languages } from '../src/i18n/language.js';

describe('web client catalogues', () => {
  it('hold the same keys in every language with the same placeholders', () => {
    const keys = Object.keys(catalogues.en).sort();
    for (const language of languages) {
      const catalogue: Record<string, string> = catalogues[language];
      expect(Object.keys(catalogue).sort(), language).toEqual(keys);
      for (const key of keys) {
        expect(placeholders(catalogue[key] ?? ''), `${language} ${key}`).toEqual(
          placeholders(catalogues.en[key as keyof typeof catalogues.en]),
        );
      }
    }
  });

  it('name each key in one area file only, and every area file is loaded', () => {
    for (const language of languages) {
      const dir = new URL(`../src/i18n/${language}/`, import.meta.url);
      const seen = new Map<string, string>();
      for (const file of readdirSync(dir)) {
        for (const key of Object.keys(JSON.parse(readFileSync(new URL(file, dir), 'utf8')))) {
          expect(seen.get(key), `${language}/${file} repeats ${key}`).toBeUndefined();
          seen.set(key, file);
        }
      }
      expect([...seen.keys()].sort()).toEqual(Object.keys(catalogues[language]).sort());
    }
  });

  it('name the scopes as the renderer does, so a user meets one name in the console and in the consent dialog', () => {
    for (const language of languages) {
      const renderer: Record<string, string> = JSON.parse(
        readFileSync(new URL(`../../react/src/i18n/${language}.json`, import.meta.url), 'utf8'),
      );
      const scopeKeys = Object.keys(renderer).filter((key) => key.startsWith('scope.'));
      expect(scopeKeys.length, language).toBe(10);
      const catalogue: Record<string, string> = catalogues[language];
      for (const key of scopeKeys) expect(catalogue[key], `${language} ${key}`).toBe(renderer[key]);
    }
  });

  it('counts in Russian plural forms', () => {
    expect([1, 2, 5, 21, 11].map((count) => format('ru', 'apps.count', { count }))).toEqual([
      '1 приложение',
      '2 приложения',
      '5 приложений',
      '21 приложение',
      '11 приложений',
    ]);
    expect(format('en', 'apps.count', { count: 1 })).toBe('1 app');
  });
});
