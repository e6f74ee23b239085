// The benches' realistic screens: tappable lists with buttons and chained actions, grown to a size.

/** A realistic screen: a list of tappable items with buttons and chained actions, grown to `bytes`. */
export function makeScreen(index: number, bytes: number): Record<string, unknown> {
  const items: unknown[] = [];
  const json = {
    type: 'screen',
    title: `Screen ${index}`,
    onLoad: { actionType: 'networkRequest', url: `/api/screens/${index}`, method: 'GET' },
    children: [
      { type: 'heading', text: `Section ${index}`, level: 1 },
      { type: 'image', src: `https://cdn.example.org/${index}.png`, alt: 'cover', fit: 'cover' },
      { type: 'list', emptyText: 'Nothing yet', items },
    ],
  };
  for (let i = 0; JSON.stringify(json).length < bytes; i++) {
    items.push({
      type: 'listItem',
      title: `Lecture ${i} of screen ${index}`,
      subtitle: 'Room 101, 10:00–11:30',
      leading: { type: 'icon', name: 'calendar', size: 24 },
      trailing: {
        type: 'button',
        label: 'Sign up',
        style: 'primary',
        onTap: [
          { actionType: 'networkRequest', url: `/api/signup/${i}`, method: 'POST', body: { lecture: i } },
          { actionType: 'showToast', message: 'Signed up', duration: 2000 },
        ],
      },
      onTap: { actionType: 'openPage', path: `/lecture/${i}`, params: { id: i } },
    });
  }
  return json;
}
