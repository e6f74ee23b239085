import { describe, expect, it } from 'vitest';
import { blockingProblems, collectingForms, validateScreen } from '../src/index.js';

const signup = (collect: Record<string, unknown>, submit: Record<string, unknown> = {}) => ({
  type: 'screen',
  state: { v: 'x' },
  children: [
    {
      type: 'form',
      id: 'f',
      collect,
      children: [
        { type: 'textField', name: 'fullName', label: 'Name', required: true, maxLength: 80 },
        { type: 'textField', name: 'age', inputType: 'number' },
        { type: 'textField', name: 'day', inputType: 'date', min: '2026-09-01', max: '2026-09-30' },
        {
          type: 'card',
          children: [
            {
              type: 'select',
              name: 'track',
              required: true,
              options: [
                { label: 'A', value: 'a' },
                { label: 'B', value: 'b' },
              ],
            },
          ],
        },
        { type: 'select', name: 'tags', multiple: true, options: [{ label: '${t.x}', value: '${state.v}' }] },
        { type: 'checkbox', name: 'agree', label: 'I agree' },
        {
          type: 'button',
          label: 'Send',
          onTap: { actionType: 'submitForm', target: 'responses', ...submit },
        },
      ],
    },
  ],
});

const codes = (screen: unknown, hosted?: boolean) =>
  validateScreen(screen, hosted === undefined ? {} : { hosted }).problems.map((p) => [p.pointer, p.code]);

describe('form collect in the validator', () => {
  it('accepts a collecting form submitted to responses on a hosted app', () => {
    const screen = signup({
      name: 'signup',
      maxPerUser: 1,
      capacity: 40,
      closesAt: '2026-09-01T18:00:00+03:00',
    });
    expect(codes(screen, true)).toEqual([]);
  });

  it('refuses collect and target responses on a remote app, where the platform keeps nothing', () => {
    const problems = validateScreen(signup({ name: 'signup' }), { hosted: false }).problems;
    expect(problems.map((p) => [p.pointer, p.code, p.severity])).toEqual([
      ['/children/0/collect', 'needs_hosting', 'error'],
      ['/children/0/children/6/onTap/target', 'needs_hosting', 'error'],
    ]);
  });

  it('refuses a bad name, a closesAt without its zone, and rule numbers below 1', () => {
    const bad = signup({ name: 'Sign Up', closesAt: '2026-09-01T18:00', capacity: 0, maxPerUser: 0 });
    expect(codes(bad, true)).toEqual([
      ['/children/0/collect/name', 'bad_collection'],
      ['/children/0/collect/maxPerUser', 'bad_collection'],
      ['/children/0/collect/capacity', 'bad_collection'],
      ['/children/0/collect/closesAt', 'bad_collection'],
      ['/children/0/collect/capacity', 'bad_value'],
      ['/children/0/collect/maxPerUser', 'bad_value'],
    ]);
    // 64 characters pass, 65 do not (maxLength of the registry, then the pattern).
    expect(codes(signup({ name: 'a'.repeat(64) }), true)).toEqual([]);
    expect(codes(signup({ name: 'a'.repeat(65) }), true).map(([, code]) => code)).toContain('bad_value');
  });

  it('refuses a missing name and an unknown rule is a warning', () => {
    const result = validateScreen(signup({ capacity: 3, places: 2 }), { hosted: true });
    expect(result.problems.map((p) => [p.pointer, p.code])).toEqual([
      ['/children/0/collect/places', 'unknown_field'],
      ['/children/0/collect', 'missing_field'],
    ]);
    expect(blockingProblems(result)).toHaveLength(1);
  });

  it('refuses target responses with a url, from a form without collect, or outside any form', () => {
    expect(codes(signup({ name: 's' }, { url: '/x' }), true)).toEqual([
      ['/children/0/children/6/onTap/target', 'bad_collection'],
    ]);
    const plain = { type: 'screen', children: [{ type: 'form', id: 'p', children: [] }] };
    const outside = {
      type: 'screen',
      children: [
        { type: 'button', label: 'a', onTap: { actionType: 'submitForm', target: 'responses' } },
        { type: 'button', label: 'b', onTap: { actionType: 'submitForm', target: 'responses', formId: 'p' } },
        ...plain.children,
      ],
    };
    expect(codes(outside, true)).toEqual([
      ['/children/0/onTap/target', 'bad_collection'],
      ['/children/1/onTap/target', 'bad_collection'],
    ]);
    // Named from outside the form, a collecting form is found wherever it comes on the screen.
    const named = signup({ name: 's' });
    named.children.unshift({
      type: 'button',
      label: 'x',
      onTap: { actionType: 'submitForm', target: 'responses', formId: 'f' },
    } as never);
    expect(codes(named, true)).toEqual([]);
  });

  it('reads the binding root responses', () => {
    const screen = { type: 'screen', children: [{ type: 'text', text: '${responses.signup.left} left' }] };
    expect(validateScreen(screen).bindingErrors).toEqual([]);
  });
});

describe('collectingForms: what the server checks', () => {
  it('lists the rules and the inputs inside the form with their types, in slots only', () => {
    const forms = collectingForms(signup({ name: 'signup', capacity: 40, closesAt: '2026-09-01T15:00:00Z' }));
    expect(forms).toEqual([
      {
        formId: 'f',
        rules: { name: 'signup', capacity: 40, closesAt: Date.parse('2026-09-01T15:00:00Z') },
        fields: [
          { name: 'fullName', label: 'Name', required: true, type: 'text', maxLength: 80 },
          { name: 'age', required: false, type: 'number' },
          { name: 'day', required: false, type: 'date', min: '2026-09-01', max: '2026-09-30' },
          { name: 'track', required: true, type: 'choice', options: ['a', 'b'] },
          { name: 'tags', required: false, type: 'choices' },
          { name: 'agree', label: 'I agree', required: false, type: 'boolean' },
        ],
      },
    ]);
  });

  it('lists a fileField as files with its accept, maxSize and maxFiles', () => {
    const screen = {
      type: 'screen',
      children: [
        {
          type: 'form',
          id: 'f',
          collect: { name: 'docs' },
          children: [
            { type: 'fileField', name: 'scan', label: 'Scan', accept: ['application/pdf'], required: true },
            {
              type: 'fileField',
              name: 'more',
              accept: ['image/png', 'image/jpeg'],
              maxSize: 1000,
              maxFiles: 3,
            },
          ],
        },
      ],
    };
    expect(collectingForms(screen)[0]?.fields).toEqual([
      { name: 'scan', label: 'Scan', required: true, type: 'files', accept: ['application/pdf'] },
      {
        name: 'more',
        required: false,
        type: 'files',
        accept: ['image/png', 'image/jpeg'],
        maxSize: 1000,
        maxFiles: 3,
      },
    ]);
  });

  it('skips forms without collect or with a broken one, and inputs in data fields', () => {
    const screen = {
      type: 'screen',
      state: { fake: { type: 'form', id: 'z', collect: { name: 'z' } } },
      children: [
        { type: 'form', id: 'a', children: [] },
        { type: 'form', id: 'b', collect: { name: 'B!' }, children: [] },
      ],
    };
    expect(collectingForms(screen)).toEqual([]);
  });
});
