// GENERATED from the @miniapps/schema registry by packages/sdk/scripts/generate-screens.ts. Do not edit.

/** Any JSON value: what a `data` field (request body, page params) holds. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An action slot holds one action or a list of actions run in order. */
export type Actions = Action | Action[];

/** Any widget of the registry; narrow it by `type`. */
export type Widget =
  | ScreenWidget
  | ColumnWidget
  | RowWidget
  | StackWidget
  | CardWidget
  | TabsWidget
  | DividerWidget
  | SpacerWidget
  | TextWidget
  | HeadingWidget
  | ImageWidget
  | IconWidget
  | ButtonWidget
  | ListWidget
  | ListItemWidget
  | FormWidget
  | TextFieldWidget
  | SelectWidget
  | CheckboxWidget
  | SwitchWidget;
/** Any action of the registry; narrow it by `actionType`. */
export type Action =
  | OpenPageAction
  | BackAction
  | OpenUrlAction
  | NetworkRequestAction
  | SubmitFormAction
  | ShowToastAction
  | ShowAlertAction
  | CopyToClipboardAction
  | ShareAction
  | RefreshAction;
export type WidgetType = Widget['type'];
export type ActionType = Action['actionType'];

/** The root of a page: a title bar and a scrolling column of children. */
export interface ScreenWidget {
  type: 'screen';
  title?: string;
  children?: Widget[];
  onLoad?: Actions;
  onRefresh?: Actions;
  /** Pull to refresh runs onRefresh. */
  refreshable?: boolean;
}
/** The root of a page: a title bar and a scrolling column of children. */
export function screen(props: Omit<ScreenWidget, 'type'> = {}): ScreenWidget {
  return { type: 'screen', ...props };
}

/** Children stacked vertically. */
export interface ColumnWidget {
  type: 'column';
  children?: Widget[];
  /** Gap between children, in logical pixels. */
  spacing?: number;
  align?: 'start' | 'center' | 'end' | 'stretch';
}
/** Children stacked vertically. */
export function column(props: Omit<ColumnWidget, 'type'> = {}): ColumnWidget {
  return { type: 'column', ...props };
}

/** Children side by side. */
export interface RowWidget {
  type: 'row';
  children?: Widget[];
  /** Gap between children, in logical pixels. */
  spacing?: number;
  align?: 'start' | 'center' | 'end' | 'stretch';
  wrap?: boolean;
}
/** Children side by side. */
export function row(props: Omit<RowWidget, 'type'> = {}): RowWidget {
  return { type: 'row', ...props };
}

/** Children layered on top of each other. */
export interface StackWidget {
  type: 'stack';
  children?: Widget[];
  /** Gap between children, in logical pixels. */
  spacing?: number;
  align?: 'start' | 'center' | 'end' | 'stretch';
}
/** Children layered on top of each other. */
export function stack(props: Omit<StackWidget, 'type'> = {}): StackWidget {
  return { type: 'stack', ...props };
}

/** A raised surface around its children, tappable. */
export interface CardWidget {
  type: 'card';
  children?: Widget[];
  onTap?: Actions;
}
/** A raised surface around its children, tappable. */
export function card(props: Omit<CardWidget, 'type'> = {}): CardWidget {
  return { type: 'card', ...props };
}

/** Titled tabs, one child shown at a time. */
export interface TabsWidget {
  type: 'tabs';
  tabs?: { title: string; child: Widget }[];
  /** Index of the tab shown first. */
  selected?: number;
}
/** Titled tabs, one child shown at a time. */
export function tabs(props: Omit<TabsWidget, 'type'> = {}): TabsWidget {
  return { type: 'tabs', ...props };
}

/** A thin horizontal line. */
export interface DividerWidget {
  type: 'divider';
}
/** A thin horizontal line. */
export function divider(props: Omit<DividerWidget, 'type'> = {}): DividerWidget {
  return { type: 'divider', ...props };
}

/** Empty space. */
export interface SpacerWidget {
  type: 'spacer';
  size?: number;
}
/** Empty space. */
export function spacer(props: Omit<SpacerWidget, 'type'> = {}): SpacerWidget {
  return { type: 'spacer', ...props };
}

/** A paragraph of text. */
export interface TextWidget {
  type: 'text';
  text: string;
  style?: 'body' | 'caption' | 'label' | 'title' | 'subtitle';
  maxLines?: number;
  color?: string;
}
/** A paragraph of text. */
export function text(props: Omit<TextWidget, 'type'>): TextWidget {
  return { type: 'text', ...props };
}

/** A section heading. */
export interface HeadingWidget {
  type: 'heading';
  text: string;
  level?: 1 | 2 | 3;
}
/** A section heading. */
export function heading(props: Omit<HeadingWidget, 'type'>): HeadingWidget {
  return { type: 'heading', ...props };
}

/** A picture loaded by the client directly from its https address, not through the proxy. */
export interface ImageWidget {
  type: 'image';
  src: string;
  alt?: string;
  width?: number;
  height?: number;
  fit?: 'cover' | 'contain' | 'fill' | 'none';
  onTap?: Actions;
}
/** A picture loaded by the client directly from its https address, not through the proxy. */
export function image(props: Omit<ImageWidget, 'type'>): ImageWidget {
  return { type: 'image', ...props };
}

/** A named icon from the client icon set. */
export interface IconWidget {
  type: 'icon';
  name: string;
  size?: number;
  color?: string;
}
/** A named icon from the client icon set. */
export function icon(props: Omit<IconWidget, 'type'>): IconWidget {
  return { type: 'icon', ...props };
}

/** A button that runs its actions when tapped. */
export interface ButtonWidget {
  type: 'button';
  label: string;
  style?: 'primary' | 'secondary' | 'text' | 'danger';
  disabled?: boolean;
  onTap: Actions;
}
/** A button that runs its actions when tapped. */
export function button(props: Omit<ButtonWidget, 'type'>): ButtonWidget {
  return { type: 'button', ...props };
}

/** A list of items, with a text shown when it is empty. */
export interface ListWidget {
  type: 'list';
  items?: Widget[];
  emptyText?: string;
}
/** A list of items, with a text shown when it is empty. */
export function list(props: Omit<ListWidget, 'type'> = {}): ListWidget {
  return { type: 'list', ...props };
}

/** One line of a list: title, subtitle, leading and trailing widgets. */
export interface ListItemWidget {
  type: 'listItem';
  title: string;
  subtitle?: string;
  leading?: Widget;
  trailing?: Widget;
  onTap?: Actions;
}
/** One line of a list: title, subtitle, leading and trailing widgets. */
export function listItem(props: Omit<ListItemWidget, 'type'>): ListItemWidget {
  return { type: 'listItem', ...props };
}

/** Groups inputs; submitForm with its id sends their values. */
export interface FormWidget {
  type: 'form';
  id: string;
  children?: Widget[];
  onSubmit?: Actions;
}
/** Groups inputs; submitForm with its id sends their values. */
export function form(props: Omit<FormWidget, 'type'>): FormWidget {
  return { type: 'form', ...props };
}

/** A text input. */
export interface TextFieldWidget {
  type: 'textField';
  /** Key of the value in the submitted form. */
  name: string;
  label?: string;
  placeholder?: string;
  inputType?: 'text' | 'multiline' | 'email' | 'number' | 'password' | 'tel' | 'url';
  required?: boolean;
  maxLength?: number;
  value?: string;
}
/** A text input. */
export function textField(props: Omit<TextFieldWidget, 'type'>): TextFieldWidget {
  return { type: 'textField', ...props };
}

/** A choice among options. */
export interface SelectWidget {
  type: 'select';
  /** Key of the value in the submitted form. */
  name: string;
  label?: string;
  options?: { label: string; value: string }[];
  multiple?: boolean;
  required?: boolean;
}
/** A choice among options. */
export function select(props: Omit<SelectWidget, 'type'>): SelectWidget {
  return { type: 'select', ...props };
}

/** A box that is checked or not. */
export interface CheckboxWidget {
  type: 'checkbox';
  /** Key of the value in the submitted form. */
  name: string;
  label?: string;
  checked?: boolean;
}
/** A box that is checked or not. */
export function checkbox(props: Omit<CheckboxWidget, 'type'>): CheckboxWidget {
  return { type: 'checkbox', ...props };
}

/** An on/off toggle that may run actions when changed. */
export interface SwitchWidget {
  type: 'switch';
  /** Key of the value in the submitted form. */
  name: string;
  label?: string;
  value?: boolean;
  onChange?: Actions;
}
/** An on/off toggle that may run actions when changed. */
export function switchWidget(props: Omit<SwitchWidget, 'type'>): SwitchWidget {
  return { type: 'switch', ...props };
}

/** Opens another screen of the app by its path. */
export interface OpenPageAction {
  actionType: 'openPage';
  path: string;
  /** Sent to the page as its query. */
  params?: JsonValue;
  /** Replace the current page instead of pushing a new one. */
  replace?: boolean;
}
/** Opens another screen of the app by its path. */
export function openPage(
  path: string,
  rest: Omit<OpenPageAction, 'actionType' | 'path'> = {},
): OpenPageAction {
  return { actionType: 'openPage', path, ...rest };
}

/** Returns to the previous page. */
export interface BackAction {
  actionType: 'back';
  result?: JsonValue;
}
/** Returns to the previous page. */
export function back(props: Omit<BackAction, 'actionType'> = {}): BackAction {
  return { actionType: 'back', ...props };
}

/** Opens an https address in the browser. */
export interface OpenUrlAction {
  actionType: 'openUrl';
  url: string;
  /** Open outside the host client. */
  external?: boolean;
}
/** Opens an https address in the browser. */
export function openUrl(url: string, rest: Omit<OpenUrlAction, 'actionType' | 'url'> = {}): OpenUrlAction {
  return { actionType: 'openUrl', url, ...rest };
}

/** Calls the app's API through the proxy. */
export interface NetworkRequestAction {
  actionType: 'networkRequest';
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: JsonValue;
  onSuccess?: Actions;
  onError?: Actions;
}
/** Calls the app's API through the proxy. */
export function networkRequest(
  url: string,
  rest: Omit<NetworkRequestAction, 'actionType' | 'url'> = {},
): NetworkRequestAction {
  return { actionType: 'networkRequest', url, ...rest };
}

/** Sends a form's values to the app's API through the proxy. */
export interface SubmitFormAction {
  actionType: 'submitForm';
  formId?: string;
  url?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  onSuccess?: Actions;
  onError?: Actions;
}
/** Sends a form's values to the app's API through the proxy. */
export function submitForm(props: Omit<SubmitFormAction, 'actionType'> = {}): SubmitFormAction {
  return { actionType: 'submitForm', ...props };
}

/** Shows a short message that disappears by itself. */
export interface ShowToastAction {
  actionType: 'showToast';
  message: string;
  /** Milliseconds. */
  duration?: number;
}
/** Shows a short message that disappears by itself. */
export function showToast(
  message: string,
  rest: Omit<ShowToastAction, 'actionType' | 'message'> = {},
): ShowToastAction {
  return { actionType: 'showToast', message, ...rest };
}

/** Shows a dialog with a confirm and an optional cancel button. */
export interface ShowAlertAction {
  actionType: 'showAlert';
  title?: string;
  message: string;
  confirmLabel?: string;
  onConfirm?: Actions;
  cancelLabel?: string;
  onCancel?: Actions;
}
/** Shows a dialog with a confirm and an optional cancel button. */
export function showAlert(
  message: string,
  rest: Omit<ShowAlertAction, 'actionType' | 'message'> = {},
): ShowAlertAction {
  return { actionType: 'showAlert', message, ...rest };
}

/** Copies a text to the clipboard. */
export interface CopyToClipboardAction {
  actionType: 'copyToClipboard';
  text: string;
}
/** Copies a text to the clipboard. */
export function copyToClipboard(text: string): CopyToClipboardAction {
  return { actionType: 'copyToClipboard', text };
}

/** Opens the system share sheet. */
export interface ShareAction {
  actionType: 'share';
  text?: string;
  url?: string;
}
/** Opens the system share sheet. */
export function share(props: Omit<ShareAction, 'actionType'> = {}): ShareAction {
  return { actionType: 'share', ...props };
}

/** Reloads the current page. */
export interface RefreshAction {
  actionType: 'refresh';
}
/** Reloads the current page. */
export function refresh(props: Omit<RefreshAction, 'actionType'> = {}): RefreshAction {
  return { actionType: 'refresh', ...props };
}
