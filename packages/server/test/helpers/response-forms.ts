// Hosted screens that collect form responses, and what their exports open with, for the responses tests.

/** A screen with one form collecting under `name`: a required name field unless other inputs are given. */
export function collectingScreen(
  name: string,
  inputs: object[] = [{ type: 'textField', name: 'fullName', label: 'Имя', required: true }],
) {
  return { type: 'screen', children: [{ type: 'form', id: name, collect: { name }, children: inputs }] };
}

/** The fixed columns of an export in Russian, before a column per input. */
export const FIXED_HEADINGS_RU = [
  'Ответ',
  'Отправлен (UTC)',
  'Изменён (UTC)',
  'Версия приложения',
  'Пользователь (псевдоним)',
  'Эл. почта',
  'Имя',
  'Курс',
  'Группа',
];
