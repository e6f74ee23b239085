// pickLanguage: which supported language an Accept-Language header asks for.
import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../src/index.js';

const both = ['en', 'ru'] as const;

describe('pickLanguage', () => {
  it('follows a browser in Russian', () => {
    expect(pickLanguage('ru-RU,ru;q=0.9,en;q=0.8', both)).toBe('ru');
  });

  it('respects q-values over the order of the header', () => {
    expect(pickLanguage('en;q=0.5, ru;q=0.8', both)).toBe('ru');
    expect(pickLanguage('ru;q=0.5, en', both)).toBe('en');
  });

  it('matches a region to its language and is case-insensitive', () => {
    expect(pickLanguage('RU-ru', both)).toBe('ru');
    expect(pickLanguage('en-GB', ['ru', 'en'])).toBe('en');
  });

  it('matches a language to a supported region of it', () => {
    expect(pickLanguage('pt', ['en', 'pt-BR'])).toBe('pt-BR');
  });

  it('skips languages it does not support, then falls back', () => {
    expect(pickLanguage('de-DE,de;q=0.9,ru;q=0.1', both)).toBe('ru');
    expect(pickLanguage('de-DE,de;q=0.9', both)).toBe('en');
    expect(pickLanguage('de', both, 'ru')).toBe('ru');
  });

  it('treats q=0 as a refusal, also of what * would take', () => {
    expect(pickLanguage('ru;q=0, en;q=0.1', both)).toBe('en');
    expect(pickLanguage('*, en;q=0', both)).toBe('ru');
    expect(pickLanguage('*, EN;Q=0.000', both)).toBe('ru');
    expect(pickLanguage('*, ru;q=0', both, 'ru')).toBe('en');
    expect(pickLanguage('ru;q=0.001, en;q=0', both)).toBe('ru');
  });

  it('falls back on a missing, empty or malformed header', () => {
    expect(pickLanguage(undefined, both)).toBe('en');
    expect(pickLanguage('', both, 'ru')).toBe('ru');
    expect(pickLanguage('ru;q=abc', both)).toBe('en');
    expect(pickLanguage(';;,,', both)).toBe('en');
  });

  it('needs at least one supported language', () => {
    expect(() => pickLanguage('en', [])).toThrow(TypeError);
  });
});
