// The app's store listing a developer edits: icon, short description and category, with their rules.
import { type Category, categories, MAX_DESCRIPTION, MAX_ICON } from '@miniapps/contract';
import { AppError } from '../errors.js';
import type { Message } from '../i18n/messages.js';

/** An icon address: absolute https, no credentials; the client loads it directly, as the image widget does. */
export function checkIcon(icon: string | null): string | null {
  if (icon === null) return null;
  const fail = (message: Message) => {
    throw new AppError('validation_failed', message, { field: 'icon' });
  };
  if (icon.length > MAX_ICON) fail({ key: 'apps.icon_too_long', values: { max: MAX_ICON } });
  let url: URL;
  try {
    url = new URL(icon);
  } catch {
    return fail({ key: 'apps.icon_not_absolute' });
  }
  if (url.protocol !== 'https:' || url.host === '') fail({ key: 'apps.icon_not_https' });
  if (url.username !== '' || url.password !== '') fail({ key: 'apps.icon_credentials' });
  return url.href;
}

/** A description trimmed; empty means none. */
export function checkDescription(description: string | null): string | null {
  const trimmed = description?.trim() ?? '';
  if (trimmed === '') return null;
  if ([...trimmed].length > MAX_DESCRIPTION) {
    throw new AppError(
      'validation_failed',
      { key: 'apps.description_too_long', values: { max: MAX_DESCRIPTION } },
      {
        field: 'description',
        max: MAX_DESCRIPTION,
      },
    );
  }
  return trimmed;
}

export function checkCategory(category: string | null): Category | null {
  if (category === null) return null;
  if (!(categories as readonly string[]).includes(category)) {
    throw new AppError(
      'validation_failed',
      { key: 'apps.unknown_category', values: { category, known: categories.join(', ') } },
      { field: 'category', known: categories },
    );
  }
  return category as Category;
}
