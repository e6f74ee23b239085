// Screens of the browser tests' hosted app: a start page (with whatever else a test needs on it) and a menu.

export function canteenScreens(extra: object[] = []) {
  const start = {
    type: 'screen',
    title: 'Canteen',
    children: [
      { type: 'text', text: 'Welcome' },
      {
        type: 'button',
        label: 'Menu',
        onTap: { actionType: 'openPage', path: '/menu', params: { day: 'mon' } },
      },
      ...extra,
    ],
  };
  const menu = { type: 'screen', title: 'Menu', children: [{ type: 'text', text: 'Soup' }] };
  return [
    { path: '/', json: start },
    { path: '/menu', json: menu },
  ];
}
