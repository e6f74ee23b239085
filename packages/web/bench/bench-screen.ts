// The benchmark's screen: 30 widgets of a typical page (headings, text, a card, a list, a form, tabs).

function countWidgets(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countWidgets(item), 0);
  if (typeof node !== 'object' || node === null) return 0;
  const own = 'type' in node ? 1 : 0;
  return own + Object.values(node).reduce((sum: number, value) => sum + countWidgets(value), 0);
}

export function benchScreen(): { screen: unknown; widgets: number } {
  const item = (title: string) => ({
    type: 'listItem',
    title,
    subtitle: 'Hall B, 12:00',
    onTap: { actionType: 'openPage', path: '/dish' },
  });
  const screen = {
    type: 'screen',
    title: 'Canteen',
    refreshable: true,
    children: [
      { type: 'heading', text: 'Today', level: 1 },
      { type: 'text', text: 'Lunch is served from 11:30 to 15:00.', style: 'caption' },
      // Loopback and a closed port: the bench never reaches out of the machine for the picture.
      { type: 'image', src: 'https://127.0.0.1:9/lunch.png', alt: 'Lunch', width: 320, height: 120 },
      {
        type: 'row',
        spacing: 8,
        children: [
          { type: 'icon', name: 'time' },
          { type: 'text', text: 'Queue: about 5 minutes' },
          { type: 'text', text: 'Hall B', style: 'caption' },
        ],
      },
      {
        type: 'card',
        onTap: { actionType: 'openPage', path: '/special' },
        children: [
          { type: 'text', text: 'Special: borscht with pampushky', style: 'title' },
          { type: 'text', text: 'With sour cream and garlic buns.', maxLines: 2 },
          { type: 'button', label: 'Order', onTap: { actionType: 'openPage', path: '/order' } },
        ],
      },
      {
        type: 'list',
        items: ['Borscht', 'Pelmeni', 'Plov', 'Syrniki', 'Vareniki', 'Olivier'].map(item),
      },
      { type: 'divider' },
      {
        type: 'form',
        id: 'feedback',
        onSubmit: { actionType: 'networkRequest', url: '/api/feedback', method: 'POST' },
        children: [
          { type: 'textField', name: 'comment', label: 'Comment', inputType: 'multiline' },
          {
            type: 'select',
            name: 'rating',
            label: 'Rating',
            options: [
              { label: 'Good', value: 'good' },
              { label: 'Bad', value: 'bad' },
            ],
          },
          { type: 'checkbox', name: 'anonymous', label: 'Anonymous' },
          { type: 'switch', name: 'notify', label: 'Tell me about specials' },
          { type: 'button', label: 'Send', onTap: { actionType: 'submitForm' } },
        ],
      },
      {
        type: 'tabs',
        tabs: [
          { title: 'Week', child: { type: 'text', text: 'Monday to Friday' } },
          { title: 'Weekend', child: { type: 'text', text: 'Closed' } },
        ],
      },
      { type: 'spacer', size: 16 },
    ],
  };
  return { screen, widgets: countWidgets(screen) };
}
