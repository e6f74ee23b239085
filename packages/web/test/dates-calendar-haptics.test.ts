// Campus screens in Chromium: date, time and datetime fields in English and Russian (the bound state gets the ISO
// value, the field shows it in the user's language), addToCalendar's .ics download read back by ical.js and by a
// strict reading of RFC 5545's line rules, and haptic where the browser has no vibration.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/chromium.js';
import { openScreen, requestsOf } from './helpers/open-screen.js';

const bookingScreen = {
  type: 'screen',
  state: { day: '', at: '', exam: '' },
  children: [
    {
      type: 'form',
      id: 'booking',
      children: [
        {
          type: 'textField',
          name: 'day',
          label: 'Day',
          inputType: 'date',
          min: '2026-09-01',
          max: '2026-12-31',
          bind: 'state.day',
        },
        { type: 'textField', name: 'at', label: 'Time', inputType: 'time', bind: 'state.at' },
        { type: 'textField', name: 'exam', label: 'Exam', inputType: 'datetime', bind: 'state.exam' },
      ],
    },
    { type: 'text', text: 'Day is ${state.day}; time is ${state.at}; exam is ${state.exam}' },
    {
      type: 'button',
      label: 'Book',
      onTap: { actionType: 'submitForm', formId: 'booking', url: '/bookings' },
    },
  ],
};

/** The text shown under a field, in the renderer's language. */
const shownUnder = (page: Page, label: string) =>
  page.locator('.ma-field', { has: page.getByLabel(label, { exact: true }) }).locator('output');

describe('campus screens in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const languages = [
    {
      lang: 'en',
      locale: 'en-US',
      // ICU writes some of these spaces as no-break ones.
      date: /^December\s1,\s2026$/,
      time: /^2:30\sPM$/,
      datetime: /^December\s15,\s2026(,|\sat)\s10:05\sAM$/,
    },
    {
      lang: 'ru',
      locale: 'ru-RU',
      date: /^1\sдекабря\s2026\sг\.$/,
      time: /^14:30$/,
      datetime: /^15\sдекабря\s2026\sг\.(,|\sв)\s10:05$/,
    },
  ];

  it.each(languages)(
    'date fields in $lang: the state gets ISO 8601, the field shows it in the language',
    async (l) => {
      const page = await openScreen(browser, bookingScreen, l.lang, { locale: l.locale });
      try {
        // Typed into the browser's control digit by digit. Its parts follow the browser's own language (this
        // headless Chromium's en-US: month, day, year) whatever the page's locale: hence the renderer's text under it.
        await page.getByLabel('Day', { exact: true }).click();
        await page.keyboard.type('12012026');
        await expect.poll(() => page.getByText(/^Day is/).textContent()).toContain('Day is 2026-12-01;');
        expect(await shownUnder(page, 'Day').textContent()).toMatch(l.date);

        // Chosen as a picker sets it: the value the control reports.
        await page.getByLabel('Time', { exact: true }).fill('14:30');
        await page.getByLabel('Exam', { exact: true }).fill('2026-12-15T10:05');
        await expect
          .poll(() => page.getByText(/^Day is/).textContent())
          .toBe('Day is 2026-12-01; time is 14:30; exam is 2026-12-15T10:05');
        expect(await shownUnder(page, 'Time').textContent()).toMatch(l.time);
        expect(await shownUnder(page, 'Exam').textContent()).toMatch(l.datetime);

        await page.getByText('Book', { exact: true }).click();
        await expect
          .poll(() => requestsOf(page))
          .toEqual([
            {
              method: 'POST',
              url: '/bookings',
              body: { day: '2026-12-01', at: '14:30', exam: '2026-12-15T10:05' },
            },
          ]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('a date after max is not sent: the browser says why', async () => {
    const page = await openScreen(browser, bookingScreen, 'en');
    try {
      await page.getByLabel('Day', { exact: true }).fill('2027-01-05');
      await page.getByText('Book', { exact: true }).click();
      const message = await page
        .getByLabel('Day', { exact: true })
        .evaluate((input) => (input as unknown as { validationMessage: string }).validationMessage);
      expect(message).not.toBe('');
      await page.waitForTimeout(100);
      expect(await requestsOf(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  const title = 'Экзамен: алгебра, письменный; группа 1';
  const description =
    'Bring your student card.\nThe room may change; check the app, please. Возьмите студенческий билет и ручку.';
  const calendarScreen = {
    type: 'screen',
    state: { room: 'Hall 2' },
    children: [
      {
        type: 'button',
        label: 'Add exam',
        onTap: {
          actionType: 'addToCalendar',
          title,
          start: '2026-12-15T10:00',
          end: '2026-12-15T12:30',
          location: '${state.room}',
          description,
          reminder: 30,
        },
      },
      {
        type: 'button',
        label: 'Add broken',
        onTap: {
          actionType: 'addToCalendar',
          title: 'Broken',
          start: '2026-12-15T10:00',
          end: '2026-12-15T09:00',
        },
      },
    ],
  };

  it('addToCalendar downloads an .ics that ical.js reads back, times in UTC, lines folded and CRLF', async () => {
    // Moscow is UTC+3 all year: the user's 10:00 is 07:00Z.
    const page = await openScreen(browser, calendarScreen, 'ru', {
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      acceptDownloads: true,
    });
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByText('Add exam', { exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Экзамен-алгебра-письменный-группа-1.ics');
      const text = readFileSync(await download.path(), 'utf8');
      await expect
        .poll(() => page.locator('.ma-toast').textContent())
        .toContain('Событие сохранено файлом календаря');

      // RFC 5545 3.1: CRLF after every line, none longer than 75 octets, a continuation starts with one space.
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const physical = text.slice(0, -2).split('\r\n');
      for (const line of physical) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(physical.some((line) => line.startsWith(' '))).toBe(true);
      expect(physical[0]).toBe('BEGIN:VCALENDAR');

      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
      const vevent = calendar.getFirstSubcomponent('vevent');
      if (!vevent) throw new Error('no VEVENT');
      const event = new ICAL.Event(vevent);
      expect(event.uid).toMatch(/^[0-9a-f]{32}@miniapps$/);
      expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(event.summary).toBe(title);
      expect(event.location).toBe('Hall 2');
      expect(event.description).toBe(description);
      expect(event.startDate.toString()).toBe('2026-12-15T07:00:00Z');
      expect(event.endDate.toString()).toBe('2026-12-15T09:30:00Z');
      expect(event.startDate.zone?.tzid).toBe('UTC');
      const alarm = vevent.getFirstSubcomponent('valarm');
      expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT30M');

      // An end before the start is refused, in the user's language, and nothing is downloaded.
      let downloads = 0;
      page.on('download', () => downloads++);
      await page.getByText('Add broken', { exact: true }).click();
      await expect.poll(() => page.locator('.ma-error').textContent()).toContain('заканчивается');
      expect(downloads).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  const hapticScreen = {
    type: 'screen',
    children: [
      {
        type: 'button',
        label: 'Check in',
        onTap: [
          { actionType: 'haptic', style: 'success' },
          { actionType: 'haptic', style: 'heavy' },
          { actionType: 'showToast', message: 'Checked in' },
        ],
      },
    ],
  };

  it('haptic runs without an error where the browser has no vibration, and the chain goes on', async () => {
    const page = await openScreen(browser, hapticScreen, 'en', {}, () => {
      const navigator = (globalThis as unknown as { navigator: object }).navigator;
      Reflect.deleteProperty(Object.getPrototypeOf(navigator), 'vibrate');
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      expect(
        await page.evaluate(() => 'vibrate' in (globalThis as unknown as { navigator: object }).navigator),
      ).toBe(false);
      await page.getByText('Check in', { exact: true }).click();
      await expect.poll(() => page.locator('.ma-toast').textContent()).toBe('Checked in');
      expect(await page.locator('.ma-error').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('haptic plays a vibration pattern where the browser has one', async () => {
    const page = await openScreen(browser, hapticScreen, 'en', {}, () => {
      const page = globalThis as unknown as { navigator: object; vibrations: unknown[] };
      page.vibrations = [];
      Object.defineProperty(Object.getPrototypeOf(page.navigator), 'vibrate', {
        configurable: true,
        value: (pattern: unknown) => page.vibrations.push(pattern) > 0,
      });
    });
    try {
      await page.getByText('Check in', { exact: true }).click();
      await expect.poll(() => page.locator('.ma-toast').textContent()).toBe('Checked in');
      expect(
        await page.evaluate(() => (globalThis as unknown as { vibrations: unknown[] }).vibrations),
      ).toEqual([[15, 60, 15], [40]]);
    } finally {
      await page.context().close();
    }
  });
});
