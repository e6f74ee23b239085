// The ICU arguments a catalogue message uses: catalogue tests compare them across languages.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** The names of the ICU arguments a message uses (a plural in one language may be a plain number in another). */
export function placeholders(text: string): string[] {
  const names: string[] = [];
  const walk = (elements: ReturnType<typeof parse>): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.push(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return [...new Set(names)].sort();
}
