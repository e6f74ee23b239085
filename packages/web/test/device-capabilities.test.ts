// Device capabilities in Chromium: what `${host.capabilities.…}` says where the browser has a feature or lacks it,
// a missing capability's message in en and ru with onError, a native host's call that never answers given up,
// getLocation with the permission granted and refused, and openMap's link from the operator's template.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/chromium.js';
import { hostCallsOf, openScreen, requestsOf } from './helpers/open-screen.js';

const capabilityList = {
  type: 'column',
  children: ['scanCode', 'document', 'calendar', 'map', 'location', 'haptics', 'brightness', 'keepAwake'].map(
    (name) => ({ type: 'text', text: `${name}=\${host.capabilities.${name}}` }),
  ),
};

/** `name=true` lines as an object. */
async function capabilitiesShown(page: Page): Promise<Record<string, string>> {
  const texts = await page.getByText(/^\w+=(true|false)$/).allTextContents();
  return Object.fromEntries(texts.map((text) => text.split('=') as [string, string]));
}

const locate = {
  type: 'screen',
  state: { here: null },
  children: [
    { type: 'text', text: 'Where: ${state.here.latitude} ${state.here.longitude}' },
    { type: 'text', text: 'Find me is offered', visibleIf: '${host.capabilities.location}' },
    {
      type: 'button',
      label: 'Find me',
      onTap: [
        {
          actionType: 'getLocation',
          resultTo: 'state.here',
          onError: { actionType: 'setState', values: { 'state.failure': '${error.code}' } },
        },
        { actionType: 'networkRequest', method: 'POST', url: '/checkin', body: { at: '${state.here}' } },
      ],
    },
    { type: 'text', text: 'Failure: ${state.failure}' },
  ],
};

describe('device capabilities in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a browser says what it can do; a native host adds what it supplies', async () => {
    const page = await openScreen(browser, capabilityList, 'en', {}, undefined, { secure: true });
    try {
      // A secure page has getUserMedia: the browser scans with its camera itself.
      expect(await capabilitiesShown(page)).toEqual({
        scanCode: 'true',
        document: 'true',
        calendar: 'true',
        map: 'true',
        location: 'true',
        haptics: 'true',
        brightness: 'false',
        keepAwake: 'true',
      });
    } finally {
      await page.context().close();
    }
    // A browser without geolocation, vibration, wake lock or a camera API (as desktop Safari lacks vibration) says so.
    const bare = await openScreen(
      browser,
      capabilityList,
      'en',
      {},
      () => {
        for (const name of ['geolocation', 'vibrate', 'wakeLock', 'mediaDevices']) {
          Object.defineProperty(Navigator.prototype, name, { value: undefined, configurable: true });
        }
      },
      { secure: true },
    );
    try {
      expect(await capabilitiesShown(bare)).toMatchObject({
        scanCode: 'false',
        location: 'false',
        haptics: 'false',
        keepAwake: 'false',
      });
    } finally {
      await bare.context().close();
    }
    const native = await openScreen(browser, capabilityList, 'en', {}, undefined, {
      capabilities: { scanCode: 'records', brightness: 'records' },
    });
    try {
      expect(await capabilitiesShown(native)).toMatchObject({ scanCode: 'true', brightness: 'true' });
    } finally {
      await native.context().close();
    }
  });

  it.each([
    { lang: 'en', message: 'This device cannot tell where you are.' },
    { lang: 'ru', message: 'Это устройство не может определять, где вы находитесь.' },
  ])(
    'a missing capability shows its message in $lang, runs onError and sends nothing',
    async ({ lang, message }) => {
      const page = await openScreen(browser, locate, lang, {}, () => {
        Object.defineProperty(Navigator.prototype, 'geolocation', { value: undefined, configurable: true });
      });
      try {
        expect(await page.getByText('Find me is offered').count()).toBe(0);
        await page.getByText('Find me', { exact: true }).click();
        await expect.poll(() => page.getByRole('alert').textContent()).toContain(message);
        await expect.poll(() => page.getByText(/^Failure:/).textContent()).toBe('Failure: unsupported');
        expect(await requestsOf(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('getLocation with the permission granted stores the position; the next action the user ran sends it', async () => {
    const page = await openScreen(
      browser,
      locate,
      'en',
      { permissions: ['geolocation'], geolocation: { latitude: 55.7558, longitude: 37.6173, accuracy: 25 } },
      undefined,
      { secure: true },
    );
    try {
      await page.context().setGeolocation({ latitude: 59.9343, longitude: 30.3351, accuracy: 10 });
      expect(await page.getByText('Find me is offered').count()).toBe(1);
      expect(await requestsOf(page)).toEqual([]);
      await page.getByText('Find me', { exact: true }).click();
      await expect.poll(() => page.getByText(/^Where:/).textContent()).toBe('Where: 59.9343 30.3351');
      await expect
        .poll(() => requestsOf(page))
        .toEqual([
          {
            method: 'POST',
            url: '/checkin',
            body: { at: { latitude: 59.9343, longitude: 30.3351, accuracy: 10 } },
          },
        ]);
    } finally {
      await page.context().close();
    }
  });

  it('getLocation refused by the user: the message says so, onError runs, nothing is sent', async () => {
    const page = await openScreen(browser, locate, 'ru', { permissions: [] }, undefined, { secure: true });
    try {
      await page.getByText('Find me', { exact: true }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('Нет разрешения определять, где вы находитесь.');
      await expect.poll(() => page.getByText(/^Failure:/).textContent()).toBe('Failure: denied');
      expect(await requestsOf(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a native host whose location never answers is given up at 30 s: the user is told, not left waiting', async () => {
    const page = await openScreen(browser, locate, 'en', {}, undefined, {
      capabilities: { location: 'hangs' },
    });
    try {
      await page.clock.install();
      await page.getByText('Find me', { exact: true }).click();
      await expect.poll(() => hostCallsOf(page)).toEqual([{ name: 'location', args: [] }]);
      await page.clock.runFor(29_000);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.clock.runFor(1_000);
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('The device did not answer in time (30 s) when asked to tell where you are.');
      await expect.poll(() => page.getByText(/^Failure:/).textContent()).toBe('Failure: timeout');
      expect(await requestsOf(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  const mapScreen = {
    type: 'button',
    label: 'Main building',
    onTap: { actionType: 'openMap', latitude: 55.70393, longitude: 37.52889, label: 'Главное здание & UB' },
  };

  it("openMap opens the operator's https map link with the place filled in, or the native host's map", async () => {
    const page = await openScreen(browser, mapScreen, 'en', {}, undefined, {
      mapLink: 'https://maps.uni.example/?ll={latitude},{longitude}&q={label}',
    });
    try {
      // The map's address answered by the browser itself: nothing leaves the machine.
      await page.context().route('https://maps.uni.example/**', (route) => route.fulfill({ body: 'map' }));
      const opened = page.context().waitForEvent('page');
      await page.getByText('Main building').click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toBe(
        'https://maps.uni.example/?ll=55.70393,37.52889&q=%D0%93%D0%BB%D0%B0%D0%B2%D0%BD%D0%BE%D0%B5%20%D0%B7%D0%B4%D0%B0%D0%BD%D0%B8%D0%B5%20%26%20UB',
      );
    } finally {
      await page.context().close();
    }
    const native = await openScreen(browser, mapScreen, 'en', {}, undefined, {
      capabilities: { map: 'records' },
    });
    try {
      await native.getByText('Main building').click();
      await expect
        .poll(() => hostCallsOf(native))
        .toEqual([
          { name: 'map', args: [{ latitude: 55.70393, longitude: 37.52889, label: 'Главное здание & UB' }] },
        ]);
    } finally {
      await native.context().close();
    }
  });
});
