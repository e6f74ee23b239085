// Takes the README's screenshots of the main pages (docs/screenshots/) against a platform with demo data.
// Run: npm run screenshots -w @miniapps/web
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform } from '../test/helpers/browser.js';
import { startCanteenOrigin } from '../test/helpers/canteen-origin.js';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
mkdirSync(out, { recursive: true });

const menu = (dish: string, price: string) => ({
  type: 'screen',
  title: 'Lunch menu',
  refreshable: true,
  children: [
    { type: 'heading', text: 'Today' },
    { type: 'text', text: 'Served 11:30–15:00 in hall B.', style: 'caption' },
    {
      type: 'list',
      items: [
        { type: 'listItem', title: dish, subtitle: price, leading: { type: 'icon', name: 'food' } },
        { type: 'listItem', title: 'Syrniki', subtitle: '120 ₽', leading: { type: 'icon', name: 'food' } },
      ],
    },
    { type: 'button', label: 'Order', onTap: { actionType: 'openPage', path: '/order' } },
  ],
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

const origin = await startCanteenOrigin();
const t = await startWebPlatform('sqlite', originEnv(testCertificates().caFile));
const browser = await launchBrowser();
const desktop = { width: 1100, height: 720 };
const phone = { width: 390, height: 844 };
/** A page in a browser speaking `locale`, signed in as `who` when given, opened at `path`. */
const open = async (locale: 'en-US' | 'ru-RU', who?: SignedIn, path = '/', viewport = desktop) => {
  const page = await (await newContext(browser, { locale, viewport, ...(who && { who }) })).newPage();
  await page.goto(t.baseUrl + path);
  return page;
};
try {
  const dev = await t.login('dana@uni.example', { fullName: 'Dana Developer' });
  const moderator = await t.login('mod@uni.example', { moderator: true, fullName: 'Max Moderator' });
  const user = await t.login('ada@uni.example', { fullName: 'Ada Lovelace', group: 'MT-21', course: '2' });
  const call = async (
    who: { auth: Record<string, string> },
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
  ) => {
    const res = await t.request({ method, url, headers: who.auth, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
    return res.json();
  };
  await call(dev, 'POST', '/api/v1/orgs', { id: 'acme', name: 'Acme University' });
  await call(dev, 'POST', '/api/v1/orgs/acme/apps', {
    slug: 'canteen',
    name: 'Canteen',
    sourceKind: 'remote',
    origin: `https://origin.test:${origin.port}`,
    scopes: ['email', 'group'],
  });
  await call(moderator, 'POST', '/api/v1/moderation/apps/acme/canteen/approve', {});
  await call(dev, 'POST', '/api/v1/orgs/acme/apps', {
    slug: 'lunch-menu',
    name: 'Lunch menu',
    sourceKind: 'hosted',
    scopes: ['notifications'],
  });
  const { token } = await call(dev, 'POST', '/api/v1/tokens', { name: 'CI on main' });
  const deploy = (dish: string, price: string) =>
    call({ auth: { authorization: `Bearer ${token}` } }, 'POST', '/functions/v1/miniapp-deploy', {
      organizationId: 'acme',
      slug: 'lunch-menu',
      submit: true,
      screens: [{ path: '/', title: 'Lunch menu', json: menu(dish, price) }],
    });
  await deploy('Borscht', '180 ₽');
  await call(moderator, 'POST', '/api/v1/moderation/apps/acme/lunch-menu/approve', {});
  await deploy('Pelmeni', '210 ₽');

  const guest = await open('en-US');
  await guest.getByLabel('E-mail').fill('ada@uni.example');
  await shot(guest, 'sign-in');

  const ada = await open('en-US', user);
  await ada.getByRole('link', { name: /Canteen/ }).waitFor();
  await shot(ada, 'catalog');
  await ada.getByRole('link', { name: /Canteen/ }).click();
  await ada
    .getByRole('dialog')
    .getByRole('checkbox', { name: /E-mail/ })
    .check();
  await shot(ada, 'consent');
  await ada.getByRole('button', { name: 'Allow selected' }).click();
  await ada.getByRole('button', { name: 'Order lunch' }).click();
  await ada.getByLabel('Dish').fill('Borscht');
  await ada.getByLabel('Size').selectOption('large');
  await shot(ada, 'mini-app');
  await ada.goto(`${t.baseUrl}/settings`);
  await ada.getByRole('row', { name: /Canteen/ }).waitFor();
  await shot(ada, 'settings');

  const dana = await open('en-US', dev, '/console/orgs/acme');
  await dana.getByRole('link', { name: 'Lunch menu' }).waitFor();
  await shot(dana, 'console-organization');
  await dana.goto(`${t.baseUrl}/console/orgs/acme/create`);
  await dana.getByLabel('Remote').check();
  await dana.getByLabel('Name', { exact: true }).fill('Timetable');
  await dana.getByLabel('Origin').fill('https://timetable.uni.example');
  await dana.getByRole('checkbox', { name: /Identity/ }).check();
  await shot(dana, 'console-create-app');
  await dana.goto(`${t.baseUrl}/console/tokens`);
  await dana.getByPlaceholder('Name, e.g. CI on main').fill('Preview deploys');
  await dana.getByRole('button', { name: 'Create token' }).click();
  await dana.getByTestId('new-token').waitFor();
  await shot(dana, 'console-tokens');
  await dana.goto(`${t.baseUrl}/console/orgs/acme/apps/lunch-menu`);
  await dana.getByRole('tab', { name: 'Screens and revisions' }).click();
  await dana.getByRole('button', { name: 'Diff with 1' }).click();
  await dana.getByTestId('screens-diff').waitFor();
  await shot(dana, 'console-revisions');
  await dana.goto(`${t.baseUrl}/console/orgs/acme/apps/canteen`);
  await dana.getByRole('tab', { name: 'Signing secret' }).click();
  await dana.getByRole('button', { name: 'Generate secret' }).click();
  await dana.getByRole('button', { name: 'Rotate secret' }).click();
  await dana.getByTestId('rotation-window').waitFor();
  await shot(dana, 'console-signing-secret');

  const max = await open('en-US', moderator, '/moderation');
  await max.getByRole('link', { name: 'Lunch menu' }).waitFor();
  await shot(max, 'moderation-queue');
  await max.getByRole('link', { name: 'Lunch menu' }).click();
  await max.getByTestId('new-version').getByText('Pelmeni').waitFor();
  await max.getByTestId('live-version').getByText('Borscht').waitFor();
  await max.setViewportSize({ width: 1200, height: 1100 });
  await shot(max, 'moderation-review');

  // Phones: the header is one bar with a menu, tables read as lists.
  await ada.setViewportSize(phone);
  await ada.goto(t.baseUrl);
  await ada.getByRole('link', { name: /Canteen/ }).waitFor();
  await shot(ada, 'phone-catalog');
  await ada.getByRole('button', { name: 'Menu' }).click();
  await shot(ada, 'phone-menu');
  await ada.goto(`${t.baseUrl}/settings`);
  await ada.getByRole('row', { name: /Canteen/ }).waitFor();
  await shot(ada, 'phone-settings');
  await max.setViewportSize(phone);
  await max.goto(`${t.baseUrl}/moderation`);
  await max.getByRole('link', { name: 'Lunch menu' }).waitFor();
  await shot(max, 'phone-moderation-queue');

  // The same client in a Russian browser, on a desktop and on a phone.
  const ruGuest = await open('ru-RU');
  await ruGuest.getByLabel('Электронная почта').fill('ada@uni.example');
  await shot(ruGuest, 'ru-sign-in');
  const ruAda = await open('ru-RU', user);
  await ruAda.getByRole('link', { name: /Lunch menu/ }).waitFor();
  await shot(ruAda, 'ru-catalog');
  await ruAda.getByRole('link', { name: /Lunch menu/ }).click();
  await ruAda.getByRole('dialog').waitFor();
  await shot(ruAda, 'ru-consent');
  await ruAda.goto(`${t.baseUrl}/settings`);
  await ruAda.getByRole('row', { name: /Canteen/ }).waitFor();
  await shot(ruAda, 'ru-settings');
  const ruDana = await open('ru-RU', dev, '/console/orgs/acme');
  await ruDana.getByRole('link', { name: 'Lunch menu' }).waitFor();
  await shot(ruDana, 'ru-console-organization');
  const ruMax = await open('ru-RU', moderator, '/moderation/apps/acme/lunch-menu', {
    width: 1200,
    height: 1100,
  });
  await ruMax.getByTestId('new-version').getByText('Pelmeni').waitFor();
  await ruMax.getByTestId('live-version').getByText('Borscht').waitFor();
  await shot(ruMax, 'ru-moderation-review');
  await ruAda.setViewportSize(phone);
  await ruAda.goto(t.baseUrl);
  await ruAda.getByRole('link', { name: /Canteen/ }).waitFor();
  await shot(ruAda, 'ru-phone-catalog');
  await ruAda.getByRole('button', { name: 'Меню' }).click();
  await shot(ruAda, 'ru-phone-menu');
  await ruAda.goto(`${t.baseUrl}/settings`);
  await ruAda.getByRole('row', { name: /Canteen/ }).waitFor();
  await shot(ruAda, 'ru-phone-settings');
  await ruMax.setViewportSize(phone);
  await ruMax.goto(`${t.baseUrl}/moderation`);
  await ruMax.getByRole('link', { name: 'Lunch menu' }).waitFor();
  await shot(ruMax, 'ru-phone-moderation-queue');
} finally {
  await browser.close();
  await t.close();
  await origin.close();
}
