// `${t.key}` uses and the keys a locale lacks: what the deploy and `miniapps validate` report.
import { describe, expect, it } from 'vitest';
import { LOCALE_TAG, missingStrings, STRING_KEY, stringUses } from '../src/index.js';

const screen = {
  type: 'screen',
  title: '${t.title}',
  children: [
    { type: 'text', text: 'Hi ${t.hello}, ${state.name} ${t.hello}' },
    { type: 'text', text: '${state.byLang[t.lang]}' },
    { type: 'text', text: 'plain t.notABinding' },
    { type: 'text', text: '${t.broken' },
    { type: 'button', label: 'x', onTap: { actionType: 'showToast', message: '${t.done}' } },
  ],
};

describe('strings', () => {
  it('finds every ${t.key} with its pointer, inside brackets too, and skips plain and malformed text', () => {
    expect(stringUses(screen, '/screens/0/json')).toEqual([
      { pointer: '/screens/0/json/title', key: 'title' },
      { pointer: '/screens/0/json/children/0/text', key: 'hello' },
      { pointer: '/screens/0/json/children/0/text', key: 'hello' },
      { pointer: '/screens/0/json/children/1/text', key: 'lang' },
      { pointer: '/screens/0/json/children/4/onTap/message', key: 'done' },
    ]);
  });

  it('reports a key per locale that lacks it, or every use when there are no strings', () => {
    const uses = stringUses({ type: 'text', text: '${t.a} ${t.b}' });
    expect(missingStrings(uses, { en: { a: 'A', b: 'B' }, ru: { a: 'А' } })).toEqual([
      { pointer: '/text', code: 'missing_string', message: '"t.b" is missing in locale "ru"' },
    ]);
    expect(missingStrings(uses, {}).map((e) => e.message)).toEqual([
      '"t.a" is used but the app has no strings',
      '"t.b" is used but the app has no strings',
    ]);
  });

  it('locale tags and keys at their edges', () => {
    for (const tag of ['en', 'ru', 'pt-BR', 'fil']) expect(LOCALE_TAG.test(tag), tag).toBe(true);
    for (const tag of ['EN', 'en_US', 'pt-br', 'english', 'e', 'en-BRA'])
      expect(LOCALE_TAG.test(tag), tag).toBe(false);
    expect(STRING_KEY.test(`k${'x'.repeat(63)}`)).toBe(true);
    expect(STRING_KEY.test(`k${'x'.repeat(64)}`)).toBe(false);
    for (const key of ['a.b', '1st', '_x', '']) expect(STRING_KEY.test(key), key).toBe(false);
  });
});
