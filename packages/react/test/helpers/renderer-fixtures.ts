// Fixtures of the renderer tests: an action environment that records, and nodes made from the registry alone.

import type { HostCapabilities } from '@miniapps/host';
import type { FieldMap, FieldSpec } from '@miniapps/schema';
import type { ActionEnv } from '../../src/renderer/action-env.js';
import { createDevice } from '../../src/renderer/device.js';

/**
 * An environment that records what actions did; `request` answers with `answer` or throws it. Its device has a
 * recording scanner (it reads `SCANNED-1`), document viewer, map and a fix at the university's main building,
 * unless `capabilities` replaces them.
 */
export function recordingEnv(answer: unknown = { ok: true }, capabilities?: HostCapabilities) {
  const log: string[] = [];
  const recording: HostCapabilities = {
    scanCode: async (formats) => {
      log.push(`scan ${formats.join(' ')}`);
      return { text: 'SCANNED-1', format: formats[0] ?? 'qr' };
    },
    document: async (file) => void log.push(`document ${file.filename} ${file.type}`),
    map: async (place) => void log.push(`map ${JSON.stringify(place)}`),
    location: async () => ({ latitude: 55.7, longitude: 37.6, accuracy: 20 }),
  };
  const env: ActionEnv = {
    openPage: (path, params, replace) =>
      log.push(`open ${path}${params ? ` ${JSON.stringify(params)}` : ''}${replace ? ' replace' : ''}`),
    back: () => log.push('back'),
    refresh: async () => void log.push('refresh'),
    openUrl: (url, external) => log.push(`url ${url} ${external}`),
    request: async (call) => {
      log.push(
        `request ${call.method} ${call.url}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`,
      );
      if (answer instanceof Error) throw answer;
      return answer;
    },
    toast: (message) => log.push(`toast ${message}`),
    alert: async (request) => {
      log.push(`alert ${request.message}`);
      return request.confirmLabel !== 'No';
    },
    copy: async (text) => void log.push(`copy ${text}`),
    share: async (data) => void log.push(`share ${JSON.stringify(data)}`),
    addToCalendar: async (event) => void log.push(`calendar ${JSON.stringify(event)}`),
    haptic: (style) => void log.push(`haptic ${style}`),
    holdScreen: () => () => {},
    responses: {
      send: async (name, values, editId, upload) => {
        const files = upload
          ? ` files ${Object.entries(upload.files)
              .map(([field, list]) => `${field}=${list.map((file) => file.name).join('+')}`)
              .join(',')}`
          : '';
        log.push(`response ${name}${editId ? ` ${editId}` : ''} ${JSON.stringify(values)}${files}`);
        upload?.onProgress?.(1, 2);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    form: () => undefined,
    showError: (message) => log.push(`error ${message}`),
    device: createDevice(capabilities ?? recording),
    fetchDocument: async (url, filename) => {
      log.push(`fetch ${url}`);
      return { filename, type: 'application/pdf', data: new Blob(['%PDF-1.7']) };
    },
  };
  return { env, log };
}

/** The smallest valid value of a field, made from its spec: the registry alone drives the fixture. */
export function sampleValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'widget':
      return { type: 'text', text: 'child' };
    case 'widget[]':
      return [{ type: 'text', text: 'child' }];
    case 'action':
    case 'action|action[]':
      return { actionType: 'refresh' };
    case 'action[]':
      return [{ actionType: 'refresh' }];
    case 'object[]':
      return [sampleNode(spec.fields)];
    case 'object':
      return sampleNode(spec.fields);
    case 'url':
      return `${spec.schemes[0]}://img.example.org/a.png`;
    case 'relativeUrl':
    case 'path':
      return '/a';
    case 'number':
    case 'integer':
      return spec.minimum ?? 1;
    case 'boolean':
      return true;
    case 'enum':
      return spec.values[0];
    case 'enum[]':
      return [spec.values[0]];
    case 'data':
      return spec.keys === 'statePath' ? { 'state.a': 1 } : { a: 1 };
    case 'binding':
      return '${state.shown}';
    case 'statePath':
      return 'state.a';
    default:
      return 'sample';
  }
}

export function sampleNode(fields: FieldMap, all = false): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, spec]) => all || spec.required)
      .map(([name, spec]) => [name, sampleValue(spec)]),
  );
}
