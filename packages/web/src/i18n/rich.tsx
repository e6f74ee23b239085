// Catalogue messages with markup: <code>, <strong> (and tags the caller names, e.g. <link>) become React elements.
import { Fragment, type ReactNode, useCallback } from 'react';
import { compiledMessage, type MessageKey, useLanguage } from './language.js';

export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

// The parts of one message never reorder, so their position is a stable key.
const keyed = (parts: ReactNode[]) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts keep their order
  parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);

/** Tags a translator may use in any message, so a code name or an emphasis stays marked in both languages. */
const commonTags: RichValues = {
  code: (chunks: ReactNode[]) => <code>{keyed(chunks)}</code>,
  strong: (chunks: ReactNode[]) => <strong>{keyed(chunks)}</strong>,
};

/** `rich(key, values)`: like `t`, but markup in the message and element values render as elements. */
export function useRich(): (key: MessageKey, values?: RichValues) => ReactNode {
  const { language } = useLanguage();
  return useCallback(
    (key: MessageKey, values?: RichValues) => {
      const result = compiledMessage(language, key).format<ReactNode>({ ...commonTags, ...values });
      return Array.isArray(result) ? keyed(result) : result;
    },
    [language],
  );
}
