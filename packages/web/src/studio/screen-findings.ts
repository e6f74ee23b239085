// The validator's findings on a screen's JSON text, each at the characters its pointer names, in the user's language.
import { validateScreen } from '@miniapps/schema';
import type { MessageKey, MessageValues } from '../i18n/language.js';
import { pointerRanges, rangeOfPointer } from './pointer-ranges.js';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

export interface Finding {
  from: number;
  to: number;
  /** `error` stops a deploy or fails at run time; `warning` the client copes with (an unknown type is skipped). */
  severity: 'error' | 'warning';
  message: string;
}

/** What the validator says of the text; a text that is not JSON is left to the editor's syntax marks. */
export function screenFindings(text: string, t: Translate, datasets?: readonly string[]): Finding[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const ranges = pointerRanges(text);
  const at = (pointer: string) =>
    rangeOfPointer(ranges, pointer) ?? { from: 0, to: Math.min(1, text.length) };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [{ ...at(''), severity: 'error', message: t('studio.finding.root') }];
  }
  const result = validateScreen(json, datasets ? { datasets } : {});
  const findings: Finding[] = [];
  for (const occurrence of result.occurrences) {
    const said =
      occurrence.type === null
        ? t(
            occurrence.kind === 'widget'
              ? 'studio.finding.widgetWithoutType'
              : 'studio.finding.actionWithoutType',
          )
        : t(occurrence.kind === 'widget' ? 'studio.finding.unknownWidget' : 'studio.finding.unknownAction', {
            type: occurrence.type,
          });
    const suggestion =
      occurrence.suggestion === undefined
        ? ''
        : ` ${t('studio.finding.didYouMean', { suggestion: occurrence.suggestion })}`;
    findings.push({ ...at(occurrence.pointer), severity: 'warning', message: `${said}${suggestion}` });
  }
  // The validator's own details are English (as in the CLI); what kind of finding it is, in the user's language.
  for (const problem of result.problems) {
    const suggestion =
      problem.suggestion === undefined
        ? ''
        : ` ${t('studio.finding.didYouMean', { suggestion: problem.suggestion })}`;
    findings.push({
      ...at(problem.pointer),
      severity: problem.severity,
      message: `${t(problem.severity === 'error' ? 'studio.finding.error' : 'studio.finding.warning')}: ${problem.message}${suggestion}`,
    });
  }
  for (const binding of result.bindingErrors) {
    findings.push({
      ...at(binding.pointer),
      severity: 'warning',
      message: t('studio.finding.binding', { message: binding.message }),
    });
  }
  return findings.sort((a, b) => a.from - b.from);
}
