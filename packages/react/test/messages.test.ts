// The renderer's catalogues: every key in both languages with the same placeholders, and how a language is chosen.
import { describe, expect, it } from 'vitest';
import { catalogues, pickLanguage, translator } from '../src/i18n/messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('renderer catalogues', () => {
  it('have the same keys in English and Russian, each with the same placeholders and a text', () => {
    expect(Object.keys(catalogues.ru).sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const [key, text] of Object.entries(catalogues.en)) {
      const russian = catalogues.ru[key as keyof typeof catalogues.ru];
      expect(placeholders(russian), key).toEqual(placeholders(text));
      expect(russian.trim(), key).not.toBe('');
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('fill placeholders and leave an unfilled one visible', () => {
    const ru = translator('ru');
    expect(ru('consent.title', { app: 'Столовая' })).toBe('Столовая запрашивает разрешения');
    expect(translator('en')('app.missing')).toBe('There is no app "{app}" here, or it is not published.');
    expect(translator('ru')).toBe(ru);
  });

  it('pick the first tag naming a language the renderer has, English otherwise', () => {
    expect(pickLanguage(['ru-RU'])).toBe('ru');
    expect(pickLanguage(['RU'])).toBe('ru');
    expect(pickLanguage(['ru_RU'])).toBe('ru');
    expect(pickLanguage([undefined, '', 'de-DE', 'ru', 'en'])).toBe('ru');
    expect(pickLanguage(['en-GB', 'ru'])).toBe('en');
    expect(pickLanguage(['rus', 'uk'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
