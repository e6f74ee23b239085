// The studio marks a finding at its pointer: each pointer of a JSON text maps to the characters of its value.
import { describe, expect, it } from 'vitest';
import { pointerRanges, rangeOfPointer } from '../src/studio/pointer-ranges.js';

const text = `{
  "type": "screen",
  "children": [
    { "type": "txet", "text": "a/b" },
    { "type": "button", "on~/x": [1, true, null, -2.5e3] }
  ]
}`;

const slice = (pointer: string) => {
  const range = rangeOfPointer(pointerRanges(text), pointer);
  return range && text.slice(range.from, range.to);
};

describe('pointer ranges of a JSON text', () => {
  it('marks a value at its pointer: strings with their quotes, numbers, literals, containers whole', () => {
    expect(slice('/type')).toBe('"screen"');
    expect(slice('/children/0/type')).toBe('"txet"');
    expect(slice('/children/0/text')).toBe('"a/b"');
    expect(slice('/children/1/on~0~1x/3')).toBe('-2.5e3');
    expect(slice('/children/1/on~0~1x/1')).toBe('true');
    expect(slice('/children/1/on~0~1x')).toBe('[1, true, null, -2.5e3]');
    expect(slice('')).toBe(text);
  });

  it('keeps the key range of a member apart from its value', () => {
    const key = pointerRanges(text).keys.get('/children/0/type')!;
    expect(text.slice(key.from, key.to)).toBe('"type"');
  });

  it('marks a missing field at the opening brace of the object that lacks it', () => {
    expect(slice('/children/0/name')).toBe('{');
    expect(slice('/children/0/action/url')).toBe('{');
  });

  it('maps nothing in a broken text, and survives a hostile depth without recursion', () => {
    expect(pointerRanges('{"type": ').values.size).toBe(0);
    expect(pointerRanges('{"a" 1}').values.size).toBe(0);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(pointerRanges(deep).values.get('')).toEqual({ from: 0, to: deep.length });
  });

  it('counts offsets in UTF-16 units as the editor does, escapes included', () => {
    const cyrillic = '{"title": "Расписание \\"пар\\" 📅", "n": 1}';
    const range = rangeOfPointer(pointerRanges(cyrillic), '/n')!;
    expect(cyrillic.slice(range.from, range.to)).toBe('1');
  });
});
