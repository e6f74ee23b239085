// Browser side of single-screen renderer tests: <MiniAppRuntime> on one screen in a chosen language, its API calls
// recorded and answered {ok: true}, every effect left to its browser default.
import type { HostCapabilities, HostCapabilityName } from '@miniapps/host';
import { MiniAppRuntime } from '@miniapps/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** A native host's capability as a test fakes it: one that records its calls, or one that never answers. */
export type FakeCapability = 'records' | 'hangs';

export interface MountOptions {
  screen: unknown;
  lang: string;
  /** Capabilities of a pretend native host, by name; the browser's own fill in the rest. */
  capabilities?: Partial<Record<HostCapabilityName, FakeCapability>> | undefined;
  mapLink?: string | undefined;
}

export interface RuntimePageGlobal {
  mount(options: MountOptions): void;
  requests: Array<{ method: string; url: string; body?: unknown }>;
  /** Calls the pretend host received: its capability's name and arguments. */
  hostCalls: Array<{ name: string; args: unknown[] }>;
}

declare global {
  interface Window {
    runtimePage: RuntimePageGlobal;
  }
}

const requests: RuntimePageGlobal['requests'] = [];
const hostCalls: RuntimePageGlobal['hostCalls'] = [];

function fakeHost(fakes: MountOptions['capabilities']): HostCapabilities | undefined {
  if (!fakes) return undefined;
  const host: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, behaviour] of Object.entries(fakes)) {
    host[name] = (...args) => {
      hostCalls.push({ name, args });
      return behaviour === 'hangs' ? new Promise(() => {}) : Promise.resolve(undefined);
    };
  }
  return host as HostCapabilities;
}

window.runtimePage = {
  requests,
  hostCalls,
  mount({ screen, lang, capabilities, mapLink }) {
    const container = document.body.appendChild(document.createElement('div'));
    const source = {
      loadScreen: async () => screen,
      request: async (call: {
        method: string;
        url: string;
        body?: unknown;
        onProgress?: (sent: number, total: number) => void;
      }) => {
        requests.push(call);
        // A form with files: half its body reported sent, the answer a moment later (the progress bar's test).
        if (call.onProgress) {
          call.onProgress(1, 2);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return { ok: true };
      },
    };
    flushSync(() =>
      createRoot(container).render(
        <MiniAppRuntime
          source={source}
          startPath="/"
          mode="development"
          lang={lang}
          capabilities={fakeHost(capabilities)}
          mapLink={mapLink}
        />,
      ),
    );
  },
};
