// The files of a new hosted app: a start screen, a list filled from a dataset, strings in English and Russian, a README.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} in a screen string is a binding the client fills
import type { TemplateValues } from './template.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function hostedTemplate({ org, slug }: TemplateValues): Record<string, string> {
  return {
    'miniapp.json': json({ organizationId: org, slug, screens: 'screens' }),
    'screens/index.json': json({
      type: 'screen',
      title: '${t.title}',
      children: [
        { type: 'text', style: 'title', text: '${t.welcome}' },
        { type: 'text', text: '${t.about}' },
        {
          type: 'button',
          label: '${t.openList}',
          onTap: { actionType: 'openPage', path: '/items' },
        },
      ],
    }),
    'screens/items.json': json({
      type: 'screen',
      title: '${t.itemsTitle}',
      state: { items: [] },
      onLoad: {
        actionType: 'networkRequest',
        url: '/data/items',
        resultTo: 'state.items',
        onError: { actionType: 'showToast', message: '${t.loadFailed} ${error.message}' },
      },
      children: [
        {
          type: 'list',
          itemsFrom: '${state.items}',
          emptyText: '${t.noItems}',
          itemTemplate: { type: 'listItem', title: '${item.title}', subtitle: '${item.place}' },
        },
      ],
    }),
    'data/items.json': json([
      { id: 'first', title: 'First item', place: 'Main building' },
      { id: 'second', title: 'Second item', place: 'Library' },
    ]),
    'strings/en.json': json({
      title: 'Home',
      welcome: 'Welcome',
      about: 'A hosted mini-app: its screens are JSON files in screens/.',
      openList: 'Open the list',
      itemsTitle: 'Items',
      loadFailed: 'The list could not be loaded:',
      noItems: 'Nothing here yet.',
    }),
    'strings/ru.json': json({
      title: 'Главная',
      welcome: 'Добро пожаловать',
      about: 'Размещённое мини-приложение: его экраны — JSON-файлы в screens/.',
      openList: 'Открыть список',
      itemsTitle: 'Список',
      loadFailed: 'Список не загрузился:',
      noItems: 'Здесь пока пусто.',
    }),
    'README.md': `# ${slug}

A hosted mini-app of the organization \`${org}\`: screens in \`screens/\` (a file's place is its path:
\`index.json\` is \`/\`, \`items.json\` is \`/items\`), a dataset in \`data/\` (\`/data/items\` of the app's API),
texts in \`strings/\` (\`\${t.key}\`; English is the default, Russian readers get \`ru.json\`).

\`\`\`sh
npx miniapps validate .                    # offline check, the platform's validator
npx miniapps dev .                         # local preview, reloads on save
npx miniapps apps create ${slug} --org ${org}   # once, if the app does not exist yet
npx miniapps deploy . --submit             # a new version, sent to moderation
npx miniapps apps status                   # published once a moderator approves it
\`\`\`
`,
  };
}
