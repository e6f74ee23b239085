import { describe, expect, it } from 'vitest';
import {
  actions,
  actionTypes,
  type FieldMap,
  isActionType,
  isSlotKind,
  isWidgetType,
  nearestName,
  widgets,
  widgetTypes,
} from '../src/index.js';

function slotNames(fields: FieldMap): string[] {
  return Object.entries(fields).flatMap(([name, spec]) =>
    isSlotKind(spec.kind) ? [name] : spec.kind === 'object[]' ? slotNames(spec.fields) : [],
  );
}

describe('registry', () => {
  it('holds the widgets, the navigation, request and effect actions, the device actions and the state and storage actions', () => {
    expect(widgetTypes).toHaveLength(22);
    expect(actionTypes.sort()).toEqual(
      [
        'addToCalendar',
        'back',
        'copyToClipboard',
        'haptic',
        'networkRequest',
        'openPage',
        'openUrl',
        'refresh',
        'scanCode',
        'setState',
        'share',
        'showAlert',
        'showToast',
        'storageRemove',
        'storageSet',
        'submitForm',
        'openDocument',
        'openMap',
        'getLocation',
      ].sort(),
    );
  });

  it('marks the image source as an https or inline url and data fields as opaque', () => {
    expect(widgets.image.fields.src).toMatchObject({
      kind: 'url',
      schemes: ['https', 'data'],
      required: true,
    });
    expect(actions.networkRequest.fields.body.kind).toBe('data');
    expect(actions.openPage.fields.params.kind).toBe('data');
    expect(slotNames(widgets.tabs.fields)).toEqual(['child']);
  });

  it('recognizes names exactly, including ones that exist on Object.prototype', () => {
    expect(isWidgetType('column')).toBe(true);
    expect(isWidgetType('constructor')).toBe(false);
    expect(isActionType('toString')).toBe(false);
  });
});

describe('nearestName', () => {
  it.each([
    ['colum', 'column'],
    ['openpage', 'openPage'],
    ['Button', 'button'],
    ['lsitItem', 'listItem'],
    ['textfeild', 'textField'],
    ['netwrokRequest', 'networkRequest'],
  ])('%s → %s', (name, expected) => {
    expect(nearestName(name, [...widgetTypes, ...actionTypes])).toBe(expected);
  });

  it('stays silent when nothing is close', () => {
    expect(nearestName('foo', widgetTypes)).toBeUndefined();
    expect(nearestName('carousel', widgetTypes)).toBeUndefined();
  });
});
