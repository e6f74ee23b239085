// Screen builders: generated from the registry, produce JSON the validator accepts, and reject unknown types
// at compile time (the @ts-expect-error lines below fail `tsc` if a builder ever accepts what it should not).
import { readFileSync } from 'node:fs';
import { actions, validateScreen, widgets } from '@miniapps/schema';
import { describe, expect, it } from 'vitest';
import { formattedScreensModule, GENERATED_FILE } from '../scripts/generate-screens.js';
import * as sdk from '../src/index.js';
import {
  button,
  column,
  form,
  networkRequest,
  openPage,
  screen,
  showToast,
  switchWidget,
  tabs,
  text,
  textField,
  type Widget,
} from '../src/index.js';

describe('screen builders', () => {
  it('build the JSON a screen is made of', () => {
    const home = screen({
      title: 'Home',
      children: [
        text({ text: 'Hello', style: 'title' }),
        button({ label: 'Details', onTap: openPage('/details', { params: { id: 7 } }) }),
        tabs({ tabs: [{ title: 'One', child: text({ text: '1' }) }] }),
      ],
    });
    expect(home).toEqual({
      type: 'screen',
      title: 'Home',
      children: [
        { type: 'text', text: 'Hello', style: 'title' },
        {
          type: 'button',
          label: 'Details',
          onTap: { actionType: 'openPage', path: '/details', params: { id: 7 } },
        },
        { type: 'tabs', tabs: [{ title: 'One', child: { type: 'text', text: '1' } }] },
      ],
    });
  });

  it('make screens the validator accepts without a single finding', () => {
    const page = screen({
      title: 'Feedback',
      refreshable: true,
      children: [
        form({
          id: 'feedback',
          children: [textField({ name: 'comment', label: 'Comment', inputType: 'multiline' })],
          onSubmit: networkRequest('/api/feedback', {
            method: 'POST',
            body: { source: 'form' },
            onSuccess: [showToast('Thanks!'), sdk.back()],
          }),
        }),
        switchWidget({ name: 'notify', label: 'Notify me' }),
        column({ spacing: 8, children: [sdk.divider(), sdk.spacer({ size: 4 })] }),
      ],
    });
    const result = validateScreen(page);
    expect(result).toMatchObject({ unknownWidgets: [], unknownActions: [], occurrences: [], problems: [] });
  });

  it('exist for every widget and action of the registry', () => {
    const builders = sdk as unknown as Record<string, (...args: unknown[]) => Record<string, unknown>>;
    for (const type of Object.keys(widgets)) {
      const build = builders[type] ?? builders[`${type}Widget`];
      expect(build, type).toBeTypeOf('function');
      expect(build!({})).toMatchObject({ type });
    }
    for (const type of Object.keys(actions)) {
      const build = builders[type] ?? builders[`${type}Action`];
      expect(build, type).toBeTypeOf('function');
      expect(build!('/x')).toMatchObject({ actionType: type });
    }
  });

  it('are up to date with the registry (regenerate: npm run generate -w @miniapps/sdk)', () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(formattedScreensModule());
  });
});

// Compile-time checks: each line below must be a type error. `tsc` (npm test) fails on an unused directive.
export function typeErrors(): Widget[] {
  // @ts-expect-error an unknown widget type
  const typo: Widget = { type: 'colum' };
  return [
    typo,
    // @ts-expect-error no builder for an unknown widget
    sdk.colum({}),
    // @ts-expect-error the text widget requires its text
    text({}),
    // @ts-expect-error a field the registry does not have
    text({ text: 'x', colour: 'red' }),
    // @ts-expect-error a value outside the enum
    text({ text: 'x', style: 'huge' }),
    // @ts-expect-error an action where a widget belongs
    column({ children: [openPage('/x')] }),
    // @ts-expect-error a widget where an action belongs
    button({ label: 'Go', onTap: text({ text: 'no' }) }),
    // @ts-expect-error a button must do something
    button({ label: 'Go' }),
    // @ts-expect-error an unknown action type in a slot
    button({ label: 'Go', onTap: { actionType: 'openpage', path: '/x' } }),
  ];
}
