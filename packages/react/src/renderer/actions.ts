// Runs action lists against the registry: each action is checked by its spec, failures become readable errors.
import { isHostError, type JsonValue } from '@miniapps/host';
import { type ActionType, actions, isActionType } from '@miniapps/schema';
import type { ActionEnv, ActionList } from './action-env.js';
import { isRecord, readField } from './field-values.js';
import { actionList } from './resolve.js';
import { isOpenableUrl } from './safe-urls.js';

/** An action that could not run, with a message for the user. */
export class ActionFailure extends Error {
  override name = 'ActionFailure';
}

type Fields = Record<string, unknown>;
type Runner = (fields: Fields, env: ActionEnv, context: RunContext) => Promise<void>;

interface RunContext {
  /** Values of the form whose submission runs these actions: a networkRequest sends them. */
  submission?: Record<string, JsonValue>;
}

/** Checks an action by its registry spec; the fields that fit, or an ActionFailure naming what is wrong. */
export function checkAction(raw: unknown): { type: ActionType; fields: Fields } {
  if (!isRecord(raw) || typeof raw.actionType !== 'string') {
    throw new ActionFailure('This control has an action without an "actionType".');
  }
  const type = raw.actionType;
  if (!isActionType(type)) throw new ActionFailure(`This control uses an unknown action "${type}".`);
  const fields: Fields = {};
  for (const [name, spec] of Object.entries(actions[type].fields)) {
    const value =
      spec.kind === 'action|action[]' || spec.kind === 'action' || spec.kind === 'action[]'
        ? raw[name] === undefined
          ? undefined
          : actionList(spec.kind, raw[name])
        : readField(spec, raw[name]);
    if (value !== undefined) fields[name] = value;
    else if (spec.required) {
      throw new ActionFailure(
        raw[name] === undefined
          ? `The ${type} action needs "${name}".`
          : `The ${type} action has an invalid "${name}": ${JSON.stringify(raw[name])}.`,
      );
    }
  }
  return { type, fields };
}

/** Runs the actions in order; the first failure stops the rest and goes to its onError, or is shown. */
export async function runActions(list: ActionList | undefined, env: ActionEnv, context: RunContext = {}) {
  for (const raw of list ?? []) {
    try {
      const { type, fields } = checkAction(raw);
      await runners[type](fields, env, context);
    } catch (error) {
      env.showError(readableError(error));
      return;
    }
  }
}

export function readableError(error: unknown): string {
  if (error instanceof ActionFailure || isHostError(error)) return error.message;
  if (error instanceof Error) return `Something went wrong: ${error.message}`;
  return 'Something went wrong.';
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

/** Calls the API, then onSuccess; on failure onError when there is one, otherwise the failure is shown. */
async function call(
  env: ActionEnv,
  method: Method,
  url: string,
  body: JsonValue | undefined,
  then: { onSuccess?: ActionList; onError?: ActionList },
) {
  let sent: Parameters<ActionEnv['request']>[0];
  if (method === 'GET' || method === 'DELETE') {
    sent = { method, url: isRecord(body) ? withQuery(url, body as Record<string, JsonValue>) : url };
  } else {
    sent = body === undefined ? { method, url } : { method, url, body };
  }
  try {
    await env.request(sent);
  } catch (error) {
    if (then.onError) return runActions(then.onError, env);
    throw error;
  }
  await runActions(then.onSuccess, env);
}

const runners: Record<ActionType, Runner> = {
  async openPage(f, env) {
    env.openPage(f.path as string, toQuery(f.params), f.replace === true);
  },
  async back(_f, env) {
    env.back();
  },
  async openUrl(f, env) {
    if (!isOpenableUrl(f.url))
      throw new ActionFailure(`Only https addresses can be opened, not ${JSON.stringify(f.url)}.`);
    env.openUrl(f.url, f.external === true);
  },
  async networkRequest(f, env, context) {
    const method = (f.method as Method | undefined) ?? 'GET';
    let body = f.body as JsonValue | undefined;
    if (context.submission) body = { ...(isRecord(body) ? body : {}), ...context.submission } as JsonValue;
    await call(env, method, f.url as string, body, f as { onSuccess?: ActionList; onError?: ActionList });
  },
  async submitForm(f, env) {
    const formId = f.formId as string | undefined;
    const form = env.form(formId);
    if (!form) {
      throw new ActionFailure(
        formId ? `There is no form "${formId}" on this page.` : 'This control is not in a form.',
      );
    }
    if (!form.validate()) return;
    const values = form.values();
    if (typeof f.url === 'string') {
      const then = f as { onSuccess?: ActionList; onError?: ActionList };
      return call(env, (f.method as Method | undefined) ?? 'POST', f.url, values, then);
    }
    if (!form.onSubmit || form.onSubmit.length === 0) {
      throw new ActionFailure(
        `The form "${form.id}" has nowhere to send: give submitForm a url or the form an onSubmit.`,
      );
    }
    await runActions(form.onSubmit, env, { submission: values });
  },
  async showToast(f, env) {
    env.toast(f.message as string, f.duration as number | undefined);
  },
  async showAlert(f, env) {
    const request = { message: f.message as string } as Parameters<ActionEnv['alert']>[0];
    if (typeof f.title === 'string') request.title = f.title;
    if (typeof f.confirmLabel === 'string') request.confirmLabel = f.confirmLabel;
    if (typeof f.cancelLabel === 'string') request.cancelLabel = f.cancelLabel;
    const confirmed = await env.alert(request);
    await runActions((confirmed ? f.onConfirm : f.onCancel) as ActionList | undefined, env);
  },
  async copyToClipboard(f, env) {
    await env.copy(f.text as string);
  },
  async share(f, env) {
    if (typeof f.text !== 'string' && typeof f.url !== 'string') {
      throw new ActionFailure('The share action needs a "text" or a "url".');
    }
    const data: { text?: string; url?: string } = {};
    if (typeof f.text === 'string') data.text = f.text;
    if (typeof f.url === 'string') data.url = f.url;
    await env.share(data);
  },
  async refresh(_f, env) {
    await env.refresh();
  },
};
