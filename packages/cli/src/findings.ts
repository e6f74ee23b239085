// What is wrong with a folder of screens, file by file: structural errors, unknown types and warnings.
import { MAX_SCREENS, MIN_SCREENS } from '@miniapps/contract';
import { validateScreen } from '@miniapps/schema';
import { english, type MessageKey, type Translate } from './i18n/messages.js';
import type { ScreenFile } from './json-file.js';

/** `error` stops a deploy; `unknown` is a typo the client will skip (validate fails on it); `warning` is advice. */
export type Severity = 'error' | 'unknown' | 'warning';

export interface Finding {
  file: string;
  /** RFC 6901 pointer inside the file ('' is the whole document). */
  pointer: string;
  severity: Severity;
  code: string;
  message: string;
  suggestion?: string;
}

/** An unknown or missing type as the validator and the deploy answer report it. */
export interface Occurrence {
  pointer: string;
  kind: 'widget' | 'action';
  type: string | null;
  suggestion?: string | undefined;
  hint?: string | undefined;
}

/**
 * Checks the screens offline with the same registry and validator the platform uses; the CLI's own wording is in
 * the language of `t` (the validator's details come from @miniapps/schema in English), codes and pointers never change.
 * `datasets` are the project's dataset names (data/*.json), which `GET /data/<name>` requests must name, as on deploy.
 */
export function checkScreenFiles(
  screens: readonly ScreenFile[],
  folder: string,
  t: Translate = english,
  datasets: readonly string[] = [],
): Finding[] {
  const findings: Finding[] = [];
  if (screens.length < MIN_SCREENS) {
    findings.push(fault(folder, '', 'no_screens', t('findings.no_screens')));
  }
  if (screens.length > MAX_SCREENS) {
    findings.push(
      fault(
        folder,
        '',
        'too_many_screens',
        t('findings.too_many_screens', { count: screens.length, min: MIN_SCREENS, max: MAX_SCREENS }),
      ),
    );
  }
  const byPath = new Map<string, string>();
  for (const screen of screens) {
    const first = byPath.get(screen.path);
    if (first !== undefined) {
      findings.push(
        fault(screen.file, '', 'duplicate_path', t('findings.duplicate_path', { path: screen.path, first })),
      );
    } else {
      byPath.set(screen.path, screen.file);
    }
    findings.push(...checkOne(screen, t, datasets));
  }
  return findings;
}

function checkOne(screen: ScreenFile, t: Translate, datasets: readonly string[]): Finding[] {
  if (screen.parseError !== undefined)
    return [fault(screen.file, '', 'bad_json', t('findings.bad_json', { reason: screen.parseError }))];
  const json = screen.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [fault(screen.file, '', 'bad_root', t('findings.bad_root'))];
  }
  if (typeof (json as Record<string, unknown>).type !== 'string') {
    return [fault(screen.file, '/type', 'bad_root', t('findings.root_type'))];
  }
  const result = validateScreen(json, { datasets });
  const findings = result.occurrences.map((o) => occurrenceFinding(screen.file, o, t));
  for (const problem of result.problems) {
    findings.push({
      file: screen.file,
      pointer: problem.pointer,
      severity: problem.severity,
      code: problem.code,
      message: problem.message,
      ...(problem.suggestion !== undefined && { suggestion: problem.suggestion }),
    });
  }
  for (const binding of result.bindingErrors) findings.push(bindingFinding(screen.file, binding, t));
  return findings;
}

/** A binding error is a warning (the client draws the field empty); its code says which kind. */
export function bindingFinding(
  file: string,
  binding: { pointer: string; code: string; message: string },
  t: Translate,
  pointer = binding.pointer,
): Finding {
  return {
    file,
    pointer,
    severity: 'warning',
    code: `binding_${binding.code}`,
    message: t('findings.binding', { message: binding.message }),
  };
}

export function occurrenceFinding(
  file: string,
  occurrence: Occurrence,
  t: Translate,
  pointer = occurrence.pointer,
): Finding {
  const message =
    occurrence.type === null
      ? t(`findings.${occurrence.kind}_without_type`)
      : t(`findings.unknown_${occurrence.kind}`, { type: occurrence.type });
  return {
    file,
    pointer,
    severity: 'unknown',
    code: occurrence.kind === 'widget' ? 'unknown_widget' : 'unknown_action',
    message: occurrence.hint ? `${message} (${occurrence.hint})` : message,
    ...(occurrence.suggestion !== undefined && { suggestion: occurrence.suggestion }),
  };
}

/** An error in a file: it stops a deploy. */
export function fault(file: string, pointer: string, code: string, message: string): Finding {
  return { file, pointer, severity: 'error', code, message };
}

const severities: readonly Severity[] = ['error', 'unknown', 'warning'];

/** Renders findings grouped by file, one line each: severity, pointer, message and suggestion. */
export function formatFindings(findings: readonly Finding[], t: Translate): string[] {
  const label = (severity: Severity) => t(`findings.severity.${severity}` as MessageKey);
  const width = Math.max(...severities.map((s) => label(s).length));
  const lines: string[] = [];
  let file: string | undefined;
  for (const f of findings) {
    if (f.file !== file) {
      file = f.file;
      lines.push(`  ${file}`);
    }
    const suggestion =
      f.suggestion === undefined ? '' : t('findings.did_you_mean', { suggestion: f.suggestion });
    lines.push(
      `    ${label(f.severity).padEnd(width)} ${f.pointer || t('findings.whole_file')}  ${f.message}${suggestion}`,
    );
  }
  return lines;
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, unknown: 0, warning: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
