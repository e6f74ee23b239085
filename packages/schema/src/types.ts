// TypeScript types of screens, derived from the registry data so the two can never drift apart.
import type { ActionType, actions } from './actions.js';
import type { WidgetType, widgets } from './widgets.js';

/** Any JSON value: what a `data` field (request body, page params) may hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The TypeScript value of one field spec. */
export type FieldValue<F> = F extends { kind: 'widget' }
  ? Widget
  : F extends { kind: 'widget[]' }
    ? Widget[]
    : F extends { kind: 'action' }
      ? Action
      : F extends { kind: 'action[]' }
        ? Action[]
        : F extends { kind: 'action|action[]' }
          ? Action | Action[]
          : F extends { kind: 'object[]'; fields: infer S }
            ? PropsOf<S>[]
            : F extends { kind: 'object'; fields: infer S }
              ? PropsOf<S>
              : F extends { kind: 'enum'; values: readonly (infer V)[] }
                ? V
                : F extends { kind: 'enum[]'; values: readonly (infer V)[] }
                  ? V[]
                  : F extends { kind: 'string' | 'url' | 'relativeUrl' | 'path' | 'binding' | 'statePath' }
                    ? string
                    : F extends { kind: 'number' | 'integer' }
                      ? number
                      : F extends { kind: 'boolean' }
                        ? boolean
                        : F extends { kind: 'data' }
                          ? JsonValue
                          : never;

type RequiredKeys<S> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];

/** The props object of a field map: required fields mandatory, the others optional. */
export type PropsOf<S> = { -readonly [K in RequiredKeys<S>]: FieldValue<S[K]> } & {
  -readonly [K in Exclude<keyof S, RequiredKeys<S>>]?: FieldValue<S[K]>;
};

export type WidgetProps<T extends WidgetType> = PropsOf<(typeof widgets)[T]['fields']>;
export type ActionProps<T extends ActionType> = PropsOf<(typeof actions)[T]['fields']>;

/** One widget of a given type, e.g. `WidgetOf<'button'>`. */
export type WidgetOf<T extends WidgetType> = { type: T } & WidgetProps<T>;
/** One action of a given type, e.g. `ActionOf<'openPage'>`. */
export type ActionOf<T extends ActionType> = { actionType: T } & ActionProps<T>;

/** Any known widget; narrow it by `type`. */
export type Widget = { [T in WidgetType]: WidgetOf<T> }[WidgetType];
/** Any known action; narrow it by `actionType`. */
export type Action = { [T in ActionType]: ActionOf<T> }[ActionType];
/** A screen document: its root is a widget (usually `screen`). */
export type Screen = Widget;

export type ScreenWidget = WidgetOf<'screen'>;
export type ColumnWidget = WidgetOf<'column'>;
export type RowWidget = WidgetOf<'row'>;
export type StackWidget = WidgetOf<'stack'>;
export type CardWidget = WidgetOf<'card'>;
export type TabsWidget = WidgetOf<'tabs'>;
export type DividerWidget = WidgetOf<'divider'>;
export type SpacerWidget = WidgetOf<'spacer'>;
export type TextWidget = WidgetOf<'text'>;
export type HeadingWidget = WidgetOf<'heading'>;
export type ImageWidget = WidgetOf<'image'>;
export type IconWidget = WidgetOf<'icon'>;
export type ButtonWidget = WidgetOf<'button'>;
export type ListWidget = WidgetOf<'list'>;
export type ListItemWidget = WidgetOf<'listItem'>;
export type FormWidget = WidgetOf<'form'>;
export type TextFieldWidget = WidgetOf<'textField'>;
export type SelectWidget = WidgetOf<'select'>;
export type CheckboxWidget = WidgetOf<'checkbox'>;
export type SwitchWidget = WidgetOf<'switch'>;
export type QrCodeWidget = WidgetOf<'qrCode'>;

export type OpenPageAction = ActionOf<'openPage'>;
export type BackAction = ActionOf<'back'>;
export type OpenUrlAction = ActionOf<'openUrl'>;
export type NetworkRequestAction = ActionOf<'networkRequest'>;
export type SubmitFormAction = ActionOf<'submitForm'>;
export type ShowToastAction = ActionOf<'showToast'>;
export type ShowAlertAction = ActionOf<'showAlert'>;
export type CopyToClipboardAction = ActionOf<'copyToClipboard'>;
export type ShareAction = ActionOf<'share'>;
export type RefreshAction = ActionOf<'refresh'>;
export type SetStateAction = ActionOf<'setState'>;
export type StorageSetAction = ActionOf<'storageSet'>;
export type StorageRemoveAction = ActionOf<'storageRemove'>;
export type HapticAction = ActionOf<'haptic'>;
export type AddToCalendarAction = ActionOf<'addToCalendar'>;
export type ScanCodeAction = ActionOf<'scanCode'>;
