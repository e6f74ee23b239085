// Browser side of the MiniApp tests: mounts <MiniApp> over the platform that served the page, recording effects.
import { type CalendarEvent, type CodeFormat, createHost, type HapticStyle } from '@miniapps/host';
import { createRoot } from 'react-dom/client';
import { type ColorScheme, MiniApp, type MiniAppEffects } from '../../src/index.js';

export interface OpenOptions {
  token: string;
  app: string;
  path?: string;
  colorScheme?: ColorScheme;
  /** The renderer's language (`<MiniApp lang>`). */
  lang?: string;
  /** Effects the page takes over (recorded in `window.effectLog`); the others keep their defaults. */
  own?: Array<keyof MiniAppEffects>;
  /** The host supplies its own calendar and haptics (recorded as `host calendar …`, `host haptics …`). */
  capabilities?: boolean;
}

declare global {
  interface Window {
    effectLog: string[];
    /** The host of the last openApp, for a test to call (consent.revoke, clearCache). */
    host: ReturnType<typeof createHost>;
    openApp(options: OpenOptions): void;
  }
}

window.effectLog = [];

window.openApp = (options) => {
  const log = window.effectLog;
  const recorders: MiniAppEffects = {
    openUrl: (url) => void log.push(`openUrl ${url}`),
    share: async (data) => void log.push(`share ${JSON.stringify(data)}`),
    copy: async (text) => void log.push(`copy ${text}`),
    toast: (message) => void log.push(`toast ${message}`),
    navigate: ({ link, depth }) => void log.push(`navigate ${link} ${depth}`),
    close: () => void log.push('close'),
    addToCalendar: async (event) => void log.push(`calendar ${event.title} ${event.start}`),
    haptic: (style) => void log.push(`haptic ${style}`),
    scanCode: async (formats) => {
      log.push(`scan ${formats.join(' ')}`);
      return null;
    },
  };
  const effects = Object.fromEntries((options.own ?? []).map((name) => [name, recorders[name]]));
  const capabilities = {
    calendar: async (event: CalendarEvent) =>
      void log.push(`host calendar ${event.title} ${event.start} ${event.end}`),
    haptics: (style: HapticStyle) => void log.push(`host haptics ${style}`),
    scanCode: async (formats: readonly CodeFormat[]) => {
      log.push(`host scan ${formats.join(' ')}`);
      return { text: '9780306406157', format: 'ean13' as const };
    },
    keepAwake: (on: boolean) => void log.push(`host keepAwake ${on}`),
    brightness: async (level: 'max' | 'normal') => void log.push(`host brightness ${level}`),
  };
  const host = createHost({
    baseUrl: window.location.origin,
    getToken: () => options.token,
    ...(options.capabilities && { capabilities }),
  });
  window.host = host;
  const element = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
  element.id = 'app';
  createRoot(element).render(
    <MiniApp
      host={host}
      app={options.app}
      path={options.path}
      colorScheme={options.colorScheme}
      lang={options.lang}
      effects={effects}
      onError={(error) => log.push(`error ${error.code}`)}
    />,
  );
};
