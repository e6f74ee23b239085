import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { actionTypes, type Screen, screenJsonSchema, widgetTypes } from '../src/index.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(screenJsonSchema);

const sample: Screen = {
  type: 'screen',
  title: 'Timetable',
  refreshable: true,
  onRefresh: { actionType: 'refresh' },
  children: [
    { type: 'heading', text: 'Today', level: 1 },
    {
      type: 'tabs',
      selected: 0,
      tabs: [
        { title: 'Lectures', child: { type: 'list', items: [{ type: 'listItem', title: 'Algebra' }] } },
        { title: 'Photo', child: { type: 'image', src: 'https://cdn.example.org/a.png', fit: 'cover' } },
      ],
    },
    {
      type: 'form',
      id: 'feedback',
      children: [
        { type: 'textField', name: 'comment', inputType: 'multiline', maxLength: 500 },
        { type: 'select', name: 'mark', options: [{ label: 'Good', value: 'good' }] },
        {
          type: 'button',
          label: 'Send',
          onTap: { actionType: 'submitForm', formId: 'feedback', url: '/api/feedback' },
        },
      ],
    },
    {
      type: 'button',
      label: 'Sync',
      onTap: [
        { actionType: 'networkRequest', url: '/api/sync', method: 'POST', body: { type: 'anything' } },
        { actionType: 'showToast', message: 'Done' },
      ],
    },
  ],
};

describe('screenJsonSchema', () => {
  it('compiles under strict draft 2020-12 and defines every registry entry', () => {
    const defs = screenJsonSchema['$defs'] as Record<string, unknown>;
    for (const type of widgetTypes) expect(defs[`widget.${type}`]).toBeDefined();
    for (const type of actionTypes) expect(defs[`action.${type}`]).toBeDefined();
  });

  it('accepts a screen written with the derived TypeScript types', () => {
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a typo, a missing required field and a non-https image', () => {
    expect(validate({ type: 'colum' })).toBe(false);
    expect(validate({ type: 'text' })).toBe(false);
    expect(validate({ type: 'image', src: 'http://cdn.example.org/a.png' })).toBe(false);
    expect(validate({ type: 'image', src: 'data:image/svg+xml,<svg/>' })).toBe(false);
    expect(validate({ type: 'image', src: 'data:image/webp;base64,UklGRg==' })).toBe(true);
    expect(validate({ type: 'image', src: 'https://cdn.example.org/a.png' })).toBe(true);
    expect(validate({ type: 'button', label: 'x', onTap: { actionType: 'openPage' } })).toBe(false);
  });
});
