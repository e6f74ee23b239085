// Browser side of single-screen renderer tests: <MiniAppRuntime> on one screen in a chosen language, its API calls
// recorded and answered {ok: true}, every effect left to its browser default.
import { MiniAppRuntime } from '@miniapps/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export interface RuntimePageGlobal {
  mount(options: { screen: unknown; lang: string }): void;
  requests: Array<{ method: string; url: string; body?: unknown }>;
}

declare global {
  interface Window {
    runtimePage: RuntimePageGlobal;
  }
}

const requests: RuntimePageGlobal['requests'] = [];

window.runtimePage = {
  requests,
  mount({ screen, lang }) {
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
        <MiniAppRuntime source={source} startPath="/" mode="development" lang={lang} />,
      ),
    );
  },
};
