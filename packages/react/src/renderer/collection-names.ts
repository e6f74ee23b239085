// The collections a screen uses: those its forms collect into and those its bindings read (`${responses.<name>…}`).
import { COLLECTION_NAME, collectingForms } from '@miniapps/schema';

const READ = /\$\{responses\.([a-z0-9_-]{1,64})/g;

/** Each collection name the screen names, once. */
export function collectionNames(screen: unknown): string[] {
  const names = new Set(collectingForms(screen).map((form) => form.rules.name));
  for (const match of JSON.stringify(screen ?? null).matchAll(READ)) {
    const name = match[1]!;
    if (COLLECTION_NAME.test(name)) names.add(name);
  }
  return [...names];
}
