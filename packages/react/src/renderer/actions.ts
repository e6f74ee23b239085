// Runs action lists against the registry: each action is checked by its spec, failures become readable errors.
import {
  type CalendarEvent,
  type CodeFormat,
  type GeoPosition,
  type HapticStyle,
  HostError,
  isHostError,
  type JsonValue,
  MAX_UPLOAD_REQUEST_BYTES,
  type MapPlace,
  storageKeyProblem,
} from '@miniapps/host';
import {
  type ActionType,
  actions,
  type BindingPath,
  type BindingRoot,
  isActionType,
  isEventTime,
  parseStatePath,
} from '@miniapps/schema';
import { type Translate, translator } from '../i18n/messages.js';
import type { ActionEnv, ActionList, FormHandle } from './action-env.js';
import { ActionFailure, ChainStopped } from './action-failure.js';
import { type BindingScope, bindAddress, bindData, bindString, readBinding } from './bindings.js';
import { type Device, DeviceFailure } from './device.js';
import { isRecord, leavesApp, readField } from './field-values.js';
import { actionList, bindKindOf } from './resolve.js';
import { isOpenableUrl } from './safe-urls.js';

export { ActionFailure };

/** An address that would leave the app (`/%2e%2e/…`, a storage key `..`): refused before anything is sent. */
function leavingApp(value: string): ActionFailure {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return new ActionFailure('action.badPath', { path: JSON.stringify(shown) });
}

/** The refusal as the host hears it: `bad_path`, whether the renderer or the host kit refused. */
function pathRefusal(error: unknown, t: Translate): HostError | undefined {
  if (error instanceof ActionFailure && error.key === 'action.badPath')
    return new HostError('bad_path', t(error.key, error.values));
  if (isHostError(error) && error.code === 'bad_path') return error;
  return undefined;
}

type Fields = Record<string, unknown>;
type Runner = (fields: Fields, env: ActionEnv, context: RunContext) => Promise<void>;

export interface RunContext {
  /** Values of the form whose submission runs these actions: a networkRequest sends them. */
  submission?: Record<string, JsonValue>;
  /** That form's chosen files, by fileField name: with any, the networkRequest is sent as multipart/form-data. */
  files?: Record<string, File[]>;
  /** That form's progress bar (0 to 1; undefined hides it). */
  progress?: ((fraction: number | undefined) => void) | undefined;
  /** What the actions' bindings read, and the page state setState and resultTo write. */
  bindings?: BindingScope;
}

/** The same context with more locals (`result`, `error`, `form`) for the actions run inside. */
function withLocals(context: RunContext, locals: Partial<Record<BindingRoot, unknown>>): RunContext {
  const { bindings } = context;
  if (!bindings) return context;
  return { ...context, bindings: { ...bindings, locals: { ...bindings.locals, ...locals } } };
}

/**
 * Checks an action by its registry spec, its bindings filled from `read`; the fields that fit, or an
 * ActionFailure naming what is wrong. Nested action lists stay as written: they are filled when they run.
 */
export function checkAction(
  raw: unknown,
  read?: (path: BindingPath) => unknown,
): { type: ActionType; fields: Fields } {
  if (!isRecord(raw) || typeof raw.actionType !== 'string') {
    throw new ActionFailure('action.noType');
  }
  const type = raw.actionType;
  if (!isActionType(type)) throw new ActionFailure('action.unknown', { type });
  const fields: Fields = {};
  for (const [name, spec] of Object.entries(actions[type].fields)) {
    const value =
      spec.kind === 'action|action[]' || spec.kind === 'action' || spec.kind === 'action[]'
        ? raw[name] === undefined
          ? undefined
          : actionList(spec.kind, raw[name])
        : readField(spec, read ? bindField(spec.kind, raw[name], read) : raw[name]);
    if (value !== undefined) fields[name] = value;
    else if (
      (spec.kind === 'path' || spec.kind === 'relativeUrl') &&
      leavesApp(bound(spec.kind, raw[name], read))
    )
      throw leavingApp(bound(spec.kind, raw[name], read) as string);
    else if (spec.required) {
      throw raw[name] === undefined
        ? new ActionFailure('action.needs', { type, name })
        : new ActionFailure('action.invalid', { type, name, value: JSON.stringify(raw[name]) });
    }
  }
  return { type, fields };
}

/** The field's value with its bindings filled, as readField saw it. */
function bound(kind: string, value: unknown, read: ((path: BindingPath) => unknown) | undefined): unknown {
  return read ? bindField(kind, value, read) : value;
}

function bindField(kind: string, value: unknown, read: (path: BindingPath) => unknown): unknown {
  if (kind === 'statePath') return value;
  if (kind === 'data') return bindData(value, read);
  if (typeof value !== 'string') return value;
  return bindKindOf(kind) === 'address' ? bindAddress(value, read) : bindString(value, read);
}

/** Runs the actions in order; the first failure stops the rest and goes to its onError, or is shown. */
export async function runActions(list: ActionList | undefined, env: ActionEnv, context: RunContext = {}) {
  const { bindings } = context;
  const read = bindings ? (path: BindingPath) => readBinding(bindings, path) : undefined;
  const actions = list ?? [];
  for (const [at, raw] of actions.entries()) {
    try {
      const { type, fields } = checkAction(raw, read);
      await runners[type](fields, env, context);
    } catch (error) {
      if (error instanceof ChainStopped) return;
      if (isHostError(error) && error.code === 'network_error') {
        // Offline: said in the user's language, and Try again runs this action and the rest once more.
        const again = () => void runActions(actions.slice(at) as ActionList, env, context);
        env.showError((env.t ?? translator('en'))('offline.action'), 'network_error', again);
        return;
      }
      const refused = pathRefusal(error, env.t ?? translator('en'));
      if (refused) {
        // Shown with its code, and told to the host (miniapp:error), since the screen itself is hostile.
        env.showError(refused.message, 'bad_path');
        env.reportError?.(refused);
        return;
      }
      env.showError(readableError(error, env.t));
      return;
    }
  }
}

/** What a user reads about a failure, in the renderer's language (the platform's messages come translated). */
export function readableError(error: unknown, t: Translate = translator('en')): string {
  if (error instanceof DeviceFailure) return error.say(t);
  if (error instanceof ActionFailure) return t(error.key, error.values);
  if (isHostError(error)) return error.message;
  if (error instanceof Error) return t('error.genericWith', { message: error.message });
  return t('error.generic');
}

function toQuery(data: unknown): Record<string, string> | undefined {
  if (!isRecord(data)) return undefined;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && value !== undefined)
      query[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return query;
}

function withQuery(url: string, data: Record<string, JsonValue>): string {
  const query = new URLSearchParams(toQuery(data));
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Room left in an upload's 25 MB for the parts' headers and the form's other values. */
const UPLOAD_ALLOWANCE = 64 * 1024;

/** A form's values and files as multipart/form-data: text as it is, other values as JSON text, each file a part. */
function multipartOf(values: JsonValue | undefined, files: Record<string, File[]>): FormData {
  const form = new FormData();
  if (isRecord(values)) {
    for (const [name, value] of Object.entries(values)) {
      if (value === null || value === undefined || Object.hasOwn(files, name)) continue;
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  for (const [name, chosen] of Object.entries(files))
    for (const file of chosen) form.append(name, file, file.name);
  return form;
}

/** The proxy takes 25 MB a request, the parts' headers and the other values included: refused here, unsent. */
function checkUploadSize(files: Record<string, File[]>): void {
  const total = Object.values(files).reduce(
    (sum, chosen) => sum + chosen.reduce((n, file) => n + file.size, 0),
    0,
  );
  if (total > MAX_UPLOAD_REQUEST_BYTES - UPLOAD_ALLOWANCE) {
    throw new ActionFailure('file.tooMuch', { mb: String(MAX_UPLOAD_REQUEST_BYTES / 1024 / 1024) });
  }
}

/** submitForm to "responses": the user's own response replaced where the form allows it, else a new one. */
async function sendResponse(
  env: ActionEnv,
  context: RunContext,
  form: FormHandle,
  values: Record<string, JsonValue>,
  then: { onSuccess?: ActionList; onError?: ActionList },
) {
  if (!form.collect) throw new ActionFailure('action.notCollecting', { form: form.id });
  if (!env.responses) throw new ActionFailure('action.noResponses');
  const { name, allowEdit } = form.collect;
  const mine = context.bindings?.storage.get(['responses', name, 'mine', 'id']);
  const editId = allowEdit && typeof mine === 'string' ? mine : undefined;
  const after = { ...context };
  delete after.submission;
  // The form's files go with the response, under the same 25 MB a request as any upload through the proxy.
  const files = form.files?.() ?? {};
  const chosen = Object.keys(files).length > 0;
  if (chosen) checkUploadSize(files);
  const progress = chosen ? form.progress : undefined;
  let result: unknown;
  try {
    progress?.(0);
    result = await env.responses.send(
      name,
      values,
      editId,
      chosen
        ? {
            files,
            ...(progress && {
              onProgress: (done: number, total: number) => progress(total > 0 ? done / total : 0),
            }),
          }
        : undefined,
    );
    progress?.(undefined);
  } catch (error) {
    progress?.(undefined);
    if (then.onError)
      return runActions(then.onError, env, withLocals(after, { error: errorValue(error, env.t) }));
    throw error;
  }
  await runActions(then.onSuccess, env, withLocals(after, { result }));
}

/** Calls the API, then onSuccess; on failure onError when there is one, otherwise the failure is shown. */
async function call(
  env: ActionEnv,
  context: RunContext,
  method: Method,
  url: string,
  body: JsonValue | undefined,
  then: { onSuccess?: ActionList; onError?: ActionList; resultTo?: unknown },
) {
  let sent: Parameters<ActionEnv['request']>[0];
  const files = context.files;
  if (files !== undefined && Object.keys(files).length > 0) {
    if (method === 'GET' || method === 'DELETE') throw new ActionFailure('file.notWithMethod', { method });
    checkUploadSize(files);
    const progress = context.progress;
    sent = { method, url, form: multipartOf(body, files) };
    if (progress) {
      progress(0);
      sent.onProgress = (done, total) => progress(total > 0 ? done / total : 0);
    }
  } else if (method === 'GET' || method === 'DELETE') {
    sent = { method, url: isRecord(body) ? withQuery(url, body as Record<string, JsonValue>) : url };
  } else {
    sent = body === undefined ? { method, url } : { method, url, body };
  }
  const after = { ...context };
  delete after.submission;
  delete after.files;
  delete after.progress;
  let result: unknown;
  try {
    result = await env.request(sent);
    context.progress?.(undefined);
  } catch (error) {
    context.progress?.(undefined);
    // A refused address is the host's business (miniapp:error), not something the screen may swallow.
    if (isHostError(error) && error.code === 'bad_path') throw error;
    if (then.onError)
      return runActions(then.onError, env, withLocals(after, { error: errorValue(error, env.t) }));
    throw error;
  }
  const target = typeof then.resultTo === 'string' ? parseStatePath(then.resultTo) : undefined;
  if (target) context.bindings?.state.set(target, result);
  await runActions(then.onSuccess, env, withLocals(after, { result }));
}

/** `${error.…}` inside onError: the message a user can read, the code and the HTTP status when known. */
function errorValue(error: unknown, t: Translate | undefined): Record<string, JsonValue> {
  const value: Record<string, JsonValue> = { message: readableError(error, t) };
  if (error instanceof DeviceFailure) value.code = error.code;
  if (isHostError(error)) {
    value.code = error.code;
    if (error.status !== undefined) value.status = error.status;
  }
  return value;
}

const runners: Record<ActionType, Runner> = {
  async openPage(f, env) {
    env.openPage(f.path as string, toQuery(f.params), f.replace === true);
  },
  async back(_f, env) {
    env.back();
  },
  async openUrl(f, env) {
    if (!isOpenableUrl(f.url)) throw new ActionFailure('action.httpsOnly', { url: JSON.stringify(f.url) });
    env.openUrl(f.url, f.external === true);
  },
  async networkRequest(f, env, context) {
    const method = (f.method as Method | undefined) ?? 'GET';
    let body = f.body as JsonValue | undefined;
    if (context.submission) body = { ...(isRecord(body) ? body : {}), ...context.submission } as JsonValue;
    await call(env, context, method, f.url as string, body, f);
  },
  async submitForm(f, env, context) {
    const formId = f.formId as string | undefined;
    const form = env.form(formId);
    if (!form) {
      throw formId
        ? new ActionFailure('action.noForm', { form: formId })
        : new ActionFailure('action.notInForm');
    }
    if (!form.validate()) return;
    const values = form.values();
    if (f.target === 'responses') return sendResponse(env, context, form, values, f);
    const files = form.files?.() ?? {};
    const sending = { ...context, files, progress: form.progress };
    if (typeof f.url === 'string') {
      return call(env, sending, (f.method as Method | undefined) ?? 'POST', f.url, values, f);
    }
    if (!form.onSubmit || form.onSubmit.length === 0) {
      throw new ActionFailure('action.nowhereToSend', { form: form.id });
    }
    await runActions(form.onSubmit, env, { ...withLocals(sending, { form: values }), submission: values });
  },
  async showToast(f, env) {
    env.toast(f.message as string, f.duration as number | undefined);
  },
  async showAlert(f, env, context) {
    const request = { message: f.message as string } as Parameters<ActionEnv['alert']>[0];
    if (typeof f.title === 'string') request.title = f.title;
    if (typeof f.confirmLabel === 'string') request.confirmLabel = f.confirmLabel;
    if (typeof f.cancelLabel === 'string') request.cancelLabel = f.cancelLabel;
    const confirmed = await env.alert(request);
    await runActions((confirmed ? f.onConfirm : f.onCancel) as ActionList | undefined, env, context);
  },
  async copyToClipboard(f, env) {
    await env.copy(f.text as string);
  },
  async share(f, env) {
    if (typeof f.text !== 'string' && typeof f.url !== 'string') {
      throw new ActionFailure('action.shareNeeds');
    }
    const data: { text?: string; url?: string } = {};
    if (typeof f.text === 'string') data.text = f.text;
    if (typeof f.url === 'string') data.url = f.url;
    await env.share(data);
  },
  async refresh(_f, env) {
    await env.refresh();
  },
  async setState(f, _env, context) {
    const values = isRecord(f.values) ? f.values : {};
    for (const [target, value] of Object.entries(values)) {
      const path = parseStatePath(target);
      if (!path) throw new ActionFailure('action.notStatePath', { target });
      context.bindings?.state.set(path, value);
    }
  },
  async storageSet(f, env, context) {
    await changeStorage(env, context, f.key as string, f.value as JsonValue);
  },
  async storageRemove(f, env, context) {
    await changeStorage(env, context, f.key as string, undefined);
  },
  async haptic(f, env) {
    env.haptic(f.style as HapticStyle);
  },
  async addToCalendar(f, env) {
    const event = calendarEvent(f);
    try {
      await env.addToCalendar(event);
    } catch (error) {
      throw new ActionFailure('calendar.notAdded', { reason: readableError(error, env.t) });
    }
  },
  async scanCode(f, env, context) {
    const formats: CodeFormat[] =
      f.format === 'any' ? ['qr', 'ean13', 'code128'] : [(f.format as CodeFormat | undefined) ?? 'qr'];
    const code = await askDevice(
      env,
      context,
      f.onError,
      (device) =>
        device.call('scanCode', formats).catch((error: unknown) => {
          // A host's AbortError is its user closing the scanner, as the browser's null is.
          if (error instanceof DeviceFailure && error.code === 'cancelled') return null;
          throw error;
        }),
      'scanCode',
    );
    // Cancelled: nothing was read, so nothing that needs it runs, and it is no error.
    if (!code) return;
    const target = typeof f.resultTo === 'string' ? parseStatePath(f.resultTo) : undefined;
    if (target) context.bindings?.state.set(target, code.text);
    // Only the two fields, whatever else a host's answer holds.
    const result = { text: code.text, format: code.format };
    await runActions(f.onResult as ActionList | undefined, env, withLocals(context, { result }));
  },
  async openDocument(f, env, context) {
    const { url, filename } = f as { url: string; filename: string };
    await askDevice(
      env,
      context,
      f.onError,
      async (device) => {
        if (!env.fetchDocument) throw new DeviceFailure('unsupported', 'document');
        await device.call('document', await env.fetchDocument(url, filename));
      },
      'document',
    );
  },
  async openMap(f, env, context) {
    const place: MapPlace = { latitude: f.latitude as number, longitude: f.longitude as number };
    if (typeof f.label === 'string' && f.label !== '') place.label = f.label;
    await askDevice(env, context, f.onError, (device) => device.call('map', place), 'map');
  },
  async getLocation(f, env, context) {
    const target = parseStatePath(f.resultTo as string);
    if (!target) throw new ActionFailure('action.notStatePath', { target: String(f.resultTo) });
    const found = await askDevice(env, context, f.onError, (device) => device.call('location'), 'location');
    // Only the three numbers, whatever else a host's answer holds; kept in this page's state alone.
    const position: GeoPosition = {
      latitude: found.latitude,
      longitude: found.longitude,
      accuracy: found.accuracy,
    };
    context.bindings?.state.set(target, position);
    await runActions(f.onSuccess as ActionList | undefined, env, withLocals(context, { result: position }));
  },
};

/**
 * Asks the device (scanCode, openDocument, openMap, getLocation…): when it cannot, or what it needed failed, the user reads
 * why in their language, the action's onError runs with `${error}`, and the rest of the list stops.
 */
async function askDevice<T>(
  env: ActionEnv,
  context: RunContext,
  onError: unknown,
  ask: (device: Device) => Promise<T>,
  capability: DeviceFailure['capability'],
): Promise<T> {
  try {
    if (!env.device) throw new DeviceFailure('unsupported', capability);
    return await ask(env.device);
  } catch (error) {
    if (isHostError(error) && error.code === 'bad_path') throw error;
    env.showError(readableError(error, env.t));
    const after = withLocals(context, { error: errorValue(error, env.t) });
    await runActions(onError as ActionList | undefined, env, after);
    throw new ChainStopped();
  }
}

const HOUR_MS = 3_600_000;

/** An event time as an instant: without an offset it is the user's clock, as a datetime field gives it. */
function eventInstant(name: string, value: unknown): Date {
  if (typeof value !== 'string' || !isEventTime(value)) {
    throw new ActionFailure('calendar.badTime', { name, value: JSON.stringify(value) });
  }
  // ECMAScript reads a date-time without an offset as local time, one with `Z` or ±HH:MM as that instant.
  return new Date(value);
}

/** The event handed to the calendar: UTC times, the end an hour after the start unless given and later. */
function calendarEvent(f: Fields): CalendarEvent {
  const start = eventInstant('start', f.start);
  const end = f.end === undefined ? new Date(start.getTime() + HOUR_MS) : eventInstant('end', f.end);
  if (end.getTime() <= start.getTime()) {
    throw new ActionFailure('calendar.endBeforeStart', { start: String(f.start), end: String(f.end) });
  }
  const event: CalendarEvent = {
    title: f.title as string,
    start: start.toISOString(),
    end: end.toISOString(),
  };
  if (typeof f.location === 'string' && f.location !== '') event.location = f.location;
  if (typeof f.description === 'string' && f.description !== '') event.description = f.description;
  if (typeof f.reminder === 'number') event.reminderMinutes = f.reminder;
  return event;
}

/** Shown at once (`${storage.key}`), then saved; a refusal puts the old value back and is shown. */
async function changeStorage(env: ActionEnv, context: RunContext, key: string, value: JsonValue | undefined) {
  // The host kit's rule: a key is one path segment under the app's storage route, so `.` and `..` leave it.
  const problem = storageKeyProblem(key);
  if (problem === 'bad_key') throw new ActionFailure('action.badStorageKey', { key });
  if (problem === 'bad_path') throw leavingApp(key);
  const store = context.bindings?.storage;
  const before = store?.get(['storage', key]);
  store?.set(['storage', key], value);
  try {
    if (value === undefined) await env.storage?.remove(key);
    else await env.storage?.set(key, value);
  } catch (error) {
    store?.set(['storage', key], before);
    throw error;
  }
}
