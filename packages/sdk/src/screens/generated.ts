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
  | FileFieldWidget
  | SelectWidget
  | CheckboxWidget
  | SwitchWidget
  | QrCodeWidget;
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
  | RefreshAction
  | SetStateAction
  | StorageSetAction
  | StorageRemoveAction
  | HapticAction
  | AddToCalendarAction
  | ScanCodeAction
  | OpenDocumentAction
  | OpenMapAction
  | GetLocationAction;
export type WidgetType = Widget['type'];
export type ActionType = Action['actionType'];

/** The root of a page: a title bar and a scrolling column of children. */
export interface ScreenWidget {
  type: 'screen';
  /** Shown in the title bar. */
  title?: string;
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Run once when the page is first shown. */
  onLoad?: Actions;
  /** Run by pull to refresh; without it the page reloads. */
  onRefresh?: Actions;
  /** Pull to refresh runs onRefresh. */
  refreshable?: boolean;
  /** Initial values of the page state (a JSON object), read by ${state.…} bindings. */
  state?: JsonValue;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** The root of a page: a title bar and a scrolling column of children. */
export function screen(props: Omit<ScreenWidget, 'type'> = {}): ScreenWidget {
  return { type: 'screen', ...props };
}

/** Children stacked vertically. */
export interface ColumnWidget {
  type: 'column';
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Gap between children, in logical pixels. */
  spacing?: number;
  /** Cross-axis alignment of the children. */
  align?: 'start' | 'center' | 'end' | 'stretch';
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Children stacked vertically. */
export function column(props: Omit<ColumnWidget, 'type'> = {}): ColumnWidget {
  return { type: 'column', ...props };
}

/** Children side by side. */
export interface RowWidget {
  type: 'row';
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Gap between children, in logical pixels. */
  spacing?: number;
  /** Cross-axis alignment of the children. */
  align?: 'start' | 'center' | 'end' | 'stretch';
  /** Children that do not fit continue on the next line. */
  wrap?: boolean;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Children side by side. */
export function row(props: Omit<RowWidget, 'type'> = {}): RowWidget {
  return { type: 'row', ...props };
}

/** Children layered on top of each other. */
export interface StackWidget {
  type: 'stack';
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Inset of the children from every edge, in logical pixels. */
  spacing?: number;
  /** Cross-axis alignment of the children. */
  align?: 'start' | 'center' | 'end' | 'stretch';
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Children layered on top of each other. */
export function stack(props: Omit<StackWidget, 'type'> = {}): StackWidget {
  return { type: 'stack', ...props };
}

/** A raised surface around its children, tappable. */
export interface CardWidget {
  type: 'card';
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Actions run in order when the widget is tapped. */
  onTap?: Actions;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A raised surface around its children, tappable. */
export function card(props: Omit<CardWidget, 'type'> = {}): CardWidget {
  return { type: 'card', ...props };
}

/** Titled tabs, one child shown at a time. */
export interface TabsWidget {
  type: 'tabs';
  /** The tabs, in order. */
  tabs?: { /** Label of the tab. */ title: string /** Shown while the tab is selected. */; child: Widget }[];
  /** Index of the tab shown first. */
  selected?: number;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Titled tabs, one child shown at a time. */
export function tabs(props: Omit<TabsWidget, 'type'> = {}): TabsWidget {
  return { type: 'tabs', ...props };
}

/** A thin horizontal line. */
export interface DividerWidget {
  type: 'divider';
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A thin horizontal line. */
export function divider(props: Omit<DividerWidget, 'type'> = {}): DividerWidget {
  return { type: 'divider', ...props };
}

/** Empty space. */
export interface SpacerWidget {
  type: 'spacer';
  /** Height and width, in logical pixels (16). */
  size?: number;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Empty space. */
export function spacer(props: Omit<SpacerWidget, 'type'> = {}): SpacerWidget {
  return { type: 'spacer', ...props };
}

/** A paragraph of text. */
export interface TextWidget {
  type: 'text';
  /** The text, shown as written (no markup). */
  text: string;
  /** Typographic role (body). */
  style?: 'body' | 'caption' | 'label' | 'title' | 'subtitle';
  /** Lines shown before the text is cut with an ellipsis. */
  maxLines?: number;
  /** A CSS colour; hosts may ignore it to keep their theme. */
  color?: string;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A paragraph of text. */
export function text(props: Omit<TextWidget, 'type'>): TextWidget {
  return { type: 'text', ...props };
}

/** A section heading. */
export interface HeadingWidget {
  type: 'heading';
  /** The heading text. */
  text: string;
  /** 1 is the largest (1). */
  level?: 1 | 2 | 3;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A section heading. */
export function heading(props: Omit<HeadingWidget, 'type'>): HeadingWidget {
  return { type: 'heading', ...props };
}

/** A picture loaded by the client directly from its https address (not through the proxy), or inline. */
export interface ImageWidget {
  type: 'image';
  /** Absolute https address of the picture, or an inline data: PNG, JPEG, GIF, WebP or AVIF. */
  src: string;
  /** Text for screen readers and when the picture fails to load. */
  alt?: string;
  /** In logical pixels; without it the available width. */
  width?: number;
  /** In logical pixels; without it the aspect ratio decides. */
  height?: number;
  /** How the picture fills its box, as CSS object-fit (cover). */
  fit?: 'cover' | 'contain' | 'fill' | 'none';
  /** Actions run in order when the widget is tapped. */
  onTap?: Actions;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A picture loaded by the client directly from its https address (not through the proxy), or inline. */
export function image(props: Omit<ImageWidget, 'type'>): ImageWidget {
  return { type: 'image', ...props };
}

/** A named icon from the client icon set. */
export interface IconWidget {
  type: 'icon';
  /** Icon name (renderer-spec.md lists them). */
  name: string;
  /** In logical pixels (20). */
  size?: number;
  /** A CSS colour; hosts may ignore it to keep their theme. */
  color?: string;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A named icon from the client icon set. */
export function icon(props: Omit<IconWidget, 'type'>): IconWidget {
  return { type: 'icon', ...props };
}

/** A button that runs its actions when tapped. */
export interface ButtonWidget {
  type: 'button';
  /** Text on the button. */
  label: string;
  /** Emphasis (primary). */
  style?: 'primary' | 'secondary' | 'text' | 'danger';
  /** Shown greyed out; taps do nothing. */
  disabled?: boolean;
  /** Actions run in order when the widget is tapped. */
  onTap: Actions;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A button that runs its actions when tapped. */
export function button(props: Omit<ButtonWidget, 'type'>): ButtonWidget {
  return { type: 'button', ...props };
}

/** A list of items, with a text shown when it is empty. */
export interface ListWidget {
  type: 'list';
  /** The rows, usually listItem widgets. */
  items?: Widget[];
  /** Shown instead of the list when it has no items. */
  emptyText?: string;
  /** A binding to a list ("${state.events}"); itemTemplate is drawn once per entry. */
  itemsFrom?: string;
  /** Drawn for each entry of itemsFrom, with ${item…} and ${index} bound to it. */
  itemTemplate?: Widget;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A list of items, with a text shown when it is empty. */
export function list(props: Omit<ListWidget, 'type'> = {}): ListWidget {
  return { type: 'list', ...props };
}

/** One line of a list: title, subtitle, leading and trailing widgets. */
export interface ListItemWidget {
  type: 'listItem';
  /** Main line. */
  title: string;
  /** Second, quieter line. */
  subtitle?: string;
  /** Shown before the text (an icon or image). */
  leading?: Widget;
  /** Shown after the text. */
  trailing?: Widget;
  /** Actions run in order when the widget is tapped. */
  onTap?: Actions;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** One line of a list: title, subtitle, leading and trailing widgets. */
export function listItem(props: Omit<ListItemWidget, 'type'>): ListItemWidget {
  return { type: 'listItem', ...props };
}

/** Groups inputs; submitForm with its id sends their values. */
export interface FormWidget {
  type: 'form';
  /** Names the form for submitForm.formId. */
  id: string;
  /** The widgets inside, in order. */
  children?: Widget[];
  /** Run by submitForm without a url, and by Enter in a field, with ${form} bound to the values; a networkRequest in it sends them. */
  onSubmit?: Actions;
  /** Hosted apps: the platform keeps what submitForm with target "responses" sends, as a response of the collection named here, under these rules; its aggregates are read as ${responses.<name>…}. */
  collect?: {
    /** The collection: a-z 0-9 _ - (at most 64), the same on every form that adds to it. */
    name: string;
    /** Most responses one user may send (1 for a vote or a registration); no limit without it. */
    maxPerUser?: number;
    /** When the form stops taking responses: an ISO 8601 instant with Z or ±HH:MM (2026-09-01T18:00:00Z). */
    closesAt?: string;
    /** Most responses of everyone together (the places of an event); one more is refused as full. */
    capacity?: number;
    /** Whether a user may change their own response by its id (${responses.<name>.mine.id}). */
    allowEdit?: boolean;
    /** Shown when the form is closed (after closesAt); the platform says so without it. */
    closedMessage?: string;
    /** Shown when capacity is reached; the platform says so without it. */
    fullMessage?: string;
  };
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
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
  /** Text shown beside or above the input. */
  label?: string;
  /** Hint shown while the input is empty. */
  placeholder?: string;
  /** Keyboard and checks of the input (text); multiline is a text area; date, time and datetime pick a day, a time of day or both, the value an ISO 8601 text (2026-09-01, 08:30, 2026-09-01T08:30) shown in the user's language. */
  inputType?:
    | 'text'
    | 'multiline'
    | 'email'
    | 'number'
    | 'password'
    | 'tel'
    | 'url'
    | 'date'
    | 'time'
    | 'datetime';
  /** For date, time and datetime: the earliest value accepted, written as the value is (2026-09-01); may be bound. */
  min?: string;
  /** For date, time and datetime: the latest value accepted, written as the value is (2026-12-31); may be bound. */
  max?: string;
  /** The form is not sent while this is empty. */
  required?: boolean;
  /** Most characters accepted. */
  maxLength?: number;
  /** Initial value. */
  value?: string;
  /** Two-way binding: the input shows this state value and writes every change back (state.path). */
  bind?: string;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A text input. */
export function textField(props: Omit<TextFieldWidget, 'type'>): TextFieldWidget {
  return { type: 'textField', ...props };
}

/** Picks files to send: submitForm or a networkRequest with the form sends them as multipart/form-data through the platform's proxy; a file over maxSize or of a type not in accept is refused on the page. */
export interface FileFieldWidget {
  type: 'fileField';
  /** Key of the value in the submitted form. */
  name: string;
  /** Text shown beside or above the input. */
  label?: string;
  /** The file types accepted, as MIME types (the proxy checks each file's first bytes against it). */
  accept: (
    | 'application/pdf'
    | 'image/png'
    | 'image/jpeg'
    | 'image/gif'
    | 'image/webp'
    | 'text/plain'
    | 'text/csv'
    | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )[];
  /** Largest file accepted, in bytes (at most 10485760, 10 MB, the default). */
  maxSize?: number;
  /** How many files may be chosen (1, the default, to 5). */
  maxFiles?: number;
  /** The form is not sent while no file is chosen. */
  required?: boolean;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** Picks files to send: submitForm or a networkRequest with the form sends them as multipart/form-data through the platform's proxy; a file over maxSize or of a type not in accept is refused on the page. */
export function fileField(props: Omit<FileFieldWidget, 'type'>): FileFieldWidget {
  return { type: 'fileField', ...props };
}

/** A choice among options. */
export interface SelectWidget {
  type: 'select';
  /** Key of the value in the submitted form. */
  name: string;
  /** Text shown beside or above the input. */
  label?: string;
  /** The choices, in order. */
  options?: { /** Shown to the user. */ label: string /** Submitted when chosen. */; value: string }[];
  /** Several options may be chosen; the value is a list. */
  multiple?: boolean;
  /** The form is not sent while nothing is chosen. */
  required?: boolean;
  /** Two-way binding: the input shows this state value and writes every change back (state.path). */
  bind?: string;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
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
  /** Text shown beside or above the input. */
  label?: string;
  /** Initial state. */
  checked?: boolean;
  /** Two-way binding: the input shows this state value and writes every change back (state.path). */
  bind?: string;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
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
  /** Text shown beside or above the input. */
  label?: string;
  /** Initial state. */
  value?: boolean;
  /** Two-way binding: the input shows this state value and writes every change back (state.path). */
  bind?: string;
  /** Run in order after every change. */
  onChange?: Actions;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** An on/off toggle that may run actions when changed. */
export function switchWidget(props: Omit<SwitchWidget, 'type'>): SwitchWidget {
  return { type: 'switch', ...props };
}

/** A QR code drawn on the device (no network), e.g. a pass shown at a turnstile; the screen is kept on and bright while it shows where the host can. */
export interface QrCodeWidget {
  type: 'qrCode';
  /** The text encoded (at most 1000 characters, UTF-8); may be bound ("${state.pass.code}"). */
  value: string;
  /** Width and height of the code with its margin, in logical pixels (240). */
  size?: number;
  /** Shown under the code, and read to screen readers. */
  caption?: string;
  /** While shown, keep the screen on and at full brightness where the device allows (true). */
  keepAwake?: boolean;
  /** A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []). */
  visibleIf?: string;
}
/** A QR code drawn on the device (no network), e.g. a pass shown at a turnstile; the screen is kept on and bright while it shows where the host can. */
export function qrCode(props: Omit<QrCodeWidget, 'type'>): QrCodeWidget {
  return { type: 'qrCode', ...props };
}

/** Opens another screen of the app by its path. */
export interface OpenPageAction {
  actionType: 'openPage';
  /** The page to open, an in-app path starting with /. */
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
  /** Reserved: a value for the previous page (not delivered yet). */
  result?: JsonValue;
}
/** Returns to the previous page. */
export function back(props: Omit<BackAction, 'actionType'> = {}): BackAction {
  return { actionType: 'back', ...props };
}

/** Opens an https address in the browser. */
export interface OpenUrlAction {
  actionType: 'openUrl';
  /** Absolute https address. */
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
  /** Path (and query) on the app's origin, starting with /. */
  url: string;
  /** HTTP method (GET). */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; for GET and DELETE its fields become the query. */
  body?: JsonValue;
  /** Stores the JSON answer at this state path (state.events) before onSuccess runs. */
  resultTo?: string;
  /** Run in order after a successful (2xx) answer, with ${result} bound to it. */
  onSuccess?: Actions;
  /** Run in order after a failure, with ${error} bound to it; without it the host shows the error. */
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
  /** The form to send; without it, the form the control sits in. */
  formId?: string;
  /** Where the values go (a path on the app's origin); without it the form's onSubmit runs. */
  url?: string;
  /** HTTP method (POST). */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** responses (hosted apps): the platform keeps the values as a response of the form's collect (no url); ${result.id} is the response's id. */
  target?: 'responses';
  /** Run in order after a successful (2xx) answer, with ${result} bound to it. */
  onSuccess?: Actions;
  /** Run in order after a failure, with ${error} bound to it; without it the host shows the error. */
  onError?: Actions;
}
/** Sends a form's values to the app's API through the proxy. */
export function submitForm(props: Omit<SubmitFormAction, 'actionType'> = {}): SubmitFormAction {
  return { actionType: 'submitForm', ...props };
}

/** Shows a short message that disappears by itself. */
export interface ShowToastAction {
  actionType: 'showToast';
  /** The text shown. */
  message: string;
  /** How long it shows, in milliseconds (3000). */
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
  /** Heading of the dialog. */
  title?: string;
  /** Text of the dialog. */
  message: string;
  /** Label of the confirm button (OK). */
  confirmLabel?: string;
  /** Run in order when confirmed. */
  onConfirm?: Actions;
  /** Label of the cancel button; without it there is none. */
  cancelLabel?: string;
  /** Run in order when cancelled. */
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
  /** The text copied. */
  text: string;
}
/** Copies a text to the clipboard. */
export function copyToClipboard(text: string): CopyToClipboardAction {
  return { actionType: 'copyToClipboard', text };
}

/** Opens the system share sheet. */
export interface ShareAction {
  actionType: 'share';
  /** Text to share; text or url is needed. */
  text?: string;
  /** Address to share; text or url is needed. */
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

/** Changes page state; whatever binds to the changed paths is redrawn. */
export interface SetStateAction {
  actionType: 'setState';
  /** An object of "state.path": value; values may hold bindings (${item.id}). */
  values: JsonValue;
}
/** Changes page state; whatever binds to the changed paths is redrawn. */
export function setState(values: JsonValue): SetStateAction {
  return { actionType: 'setState', values };
}

/** Stores a value in the user's storage of this app (kept across launches, read as ${storage.key}). */
export interface StorageSetAction {
  actionType: 'storageSet';
  /** The key: letters, digits, _ . - (at most 64). */
  key: string;
  /** Any JSON up to 4 KB; may hold bindings. */
  value: JsonValue;
}
/** Stores a value in the user's storage of this app (kept across launches, read as ${storage.key}). */
export function storageSet(props: Omit<StorageSetAction, 'actionType'>): StorageSetAction {
  return { actionType: 'storageSet', ...props };
}

/** Removes a key from the user's storage of this app. */
export interface StorageRemoveAction {
  actionType: 'storageRemove';
  /** The key to remove. */
  key: string;
}
/** Removes a key from the user's storage of this app. */
export function storageRemove(key: string): StorageRemoveAction {
  return { actionType: 'storageRemove', key };
}

/** A short vibration of the device where it has one; nothing, and no error, where it has none. */
export interface HapticAction {
  actionType: 'haptic';
  /** What the user feels: a tap (light, medium, heavy) or an outcome (success, warning, error). */
  style: 'light' | 'medium' | 'heavy' | 'success' | 'warning' | 'error';
}
/** A short vibration of the device where it has one; nothing, and no error, where it has none. */
export function haptic(style: 'light' | 'medium' | 'heavy' | 'success' | 'warning' | 'error'): HapticAction {
  return { actionType: 'haptic', style };
}

/** Adds an event to the user's calendar: the host's calendar where it has one, else a standard .ics file. */
export interface AddToCalendarAction {
  actionType: 'addToCalendar';
  /** Name of the event. */
  title: string;
  /** When it starts: YYYY-MM-DDTHH:MM in the user's time zone (what a datetime field gives), or with seconds and Z or ±HH:MM; may be bound. */
  start: string;
  /** When it ends, written as start and after it (an hour after start). */
  end?: string;
  /** Where it takes place (a room, an address). */
  location?: string;
  /** Notes shown with the event. */
  description?: string;
  /** Minutes before the start to remind the user (at most four weeks); without it, no reminder. */
  reminder?: number;
}
/** Adds an event to the user's calendar: the host's calendar where it has one, else a standard .ics file. */
export function addToCalendar(props: Omit<AddToCalendarAction, 'actionType'>): AddToCalendarAction {
  return { actionType: 'addToCalendar', ...props };
}

/** Scans a code with the device's camera (the host's scanner where it has one); the user may cancel. */
export interface ScanCodeAction {
  actionType: 'scanCode';
  /** What to look for: a QR code, an EAN-13 or Code 128 barcode, or any of them (qr). */
  format?: 'qr' | 'ean13' | 'code128' | 'any';
  /** Stores the text read at this state path (state.scanned) before onResult runs. */
  resultTo?: string;
  /** Run in order after a code is read, with ${result.text} and ${result.format} bound to it; a cancelled scan runs nothing more. */
  onResult?: Actions;
  /** Run in order when the device cannot do it (no such capability, permission refused, no answer in time), with ${error.message} and ${error.code} (unsupported, denied, timeout, cancelled, failed) bound; the message is shown either way. */
  onError?: Actions;
}
/** Scans a code with the device's camera (the host's scanner where it has one); the user may cancel. */
export function scanCode(props: Omit<ScanCodeAction, 'actionType'> = {}): ScanCodeAction {
  return { actionType: 'scanCode', ...props };
}

/** Downloads a document of the app (PDF, an image, text, CSV, DOCX, XLSX, up to 10 MB) through the proxy's document route, saved under its file name; the host's own viewer where it has one. */
export interface OpenDocumentAction {
  actionType: 'openDocument';
  /** Path (and query) of the document on the app's origin, starting with /. */
  url: string;
  /** The name the file is saved under, e.g. certificate.pdf. */
  filename: string;
  /** Run in order when the device cannot do it (no such capability, permission refused, no answer in time), with ${error.message} and ${error.code} (unsupported, denied, timeout, cancelled, failed) bound; the message is shown either way. */
  onError?: Actions;
}
/** Downloads a document of the app (PDF, an image, text, CSV, DOCX, XLSX, up to 10 MB) through the proxy's document route, saved under its file name; the host's own viewer where it has one. */
export function openDocument(props: Omit<OpenDocumentAction, 'actionType'>): OpenDocumentAction {
  return { actionType: 'openDocument', ...props };
}

/** Shows a place on a map: the host's map where it has one, else an https map link of the platform's choice. */
export interface OpenMapAction {
  actionType: 'openMap';
  /** Degrees north (negative: south), from -90 to 90. */
  latitude: number;
  /** Degrees east (negative: west), from -180 to 180. */
  longitude: number;
  /** The name shown at the place (a building, a room). */
  label?: string;
  /** Run in order when the device cannot do it (no such capability, permission refused, no answer in time), with ${error.message} and ${error.code} (unsupported, denied, timeout, cancelled, failed) bound; the message is shown either way. */
  onError?: Actions;
}
/** Shows a place on a map: the host's map where it has one, else an https map link of the platform's choice. */
export function openMap(props: Omit<OpenMapAction, 'actionType'>): OpenMapAction {
  return { actionType: 'openMap', ...props };
}

/** Asks the device where the user is, each time (the user may refuse); kept in the page's state and sent nowhere unless a later action of the user sends it. */
export interface GetLocationAction {
  actionType: 'getLocation';
  /** Where the position goes: {latitude, longitude, accuracy} (accuracy in metres), e.g. state.here. */
  resultTo: string;
  /** Run in order once the position is stored, with ${result} bound to it. */
  onSuccess?: Actions;
  /** Run in order when the device cannot do it (no such capability, permission refused, no answer in time), with ${error.message} and ${error.code} (unsupported, denied, timeout, cancelled, failed) bound; the message is shown either way. */
  onError?: Actions;
}
/** Asks the device where the user is, each time (the user may refuse); kept in the page's state and sent nowhere unless a later action of the user sends it. */
export function getLocation(
  resultTo: string,
  rest: Omit<GetLocationAction, 'actionType' | 'resultTo'> = {},
): GetLocationAction {
  return { actionType: 'getLocation', resultTo, ...rest };
}
