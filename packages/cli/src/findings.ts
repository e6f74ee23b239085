// What is wrong with a folder of screens, file by file: structural errors, unknown types and warnings.
import { validateScreen } from '@miniapps/schema';
import type { ScreenFile } from './screens-dir.js';

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

/** CONTRACT.md "Limits": screens per deploy. */
export const MIN_SCREENS = 1;
export const MAX_SCREENS = 30;

/** Checks the screens offline with the same registry and validator the platform uses. */
export function checkScreenFiles(screens: readonly ScreenFile[], folder: string): Finding[] {
  const findings: Finding[] = [];
  if (screens.length < MIN_SCREENS) {
    findings.push(
      fault(folder, '', 'no_screens', 'holds no screen files (*.json); index.json is the screen at /'),
    );
  }
  if (screens.length > MAX_SCREENS) {
    findings.push(
      fault(
        folder,
        '',
        'too_many_screens',
        `holds ${screens.length} screens; a deploy has ${MIN_SCREENS} to ${MAX_SCREENS}`,
      ),
    );
  }
  const byPath = new Map<string, string>();
  for (const screen of screens) {
    const first = byPath.get(screen.path);
    if (first !== undefined) {
      findings.push(fault(screen.file, '', 'duplicate_path', `deploys to ${screen.path}, as ${first} does`));
    } else {
      byPath.set(screen.path, screen.file);
    }
    findings.push(...checkOne(screen));
  }
  return findings;
}

function checkOne(screen: ScreenFile): Finding[] {
  if (screen.parseError !== undefined)
    return [fault(screen.file, '', 'bad_json', `is not valid JSON: ${screen.parseError}`)];
  const json = screen.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [
      fault(screen.file, '', 'bad_root', 'must hold one JSON object: the screen, e.g. {"type": "screen"}'),
    ];
  }
  if (typeof (json as Record<string, unknown>).type !== 'string') {
    return [fault(screen.file, '/type', 'bad_root', 'the root must name a widget in a string "type"')];
  }
  const result = validateScreen(json);
  const findings = result.occurrences.map((o) => occurrenceFinding(screen.file, o));
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
  for (const binding of result.bindingErrors) findings.push(bindingFinding(screen.file, binding));
  return findings;
}

/** A binding error is a warning (the client draws the field empty); its code says which kind. */
export function bindingFinding(
  file: string,
  binding: { pointer: string; code: string; message: string },
  pointer = binding.pointer,
): Finding {
  return {
    file,
    pointer,
    severity: 'warning',
    code: `binding_${binding.code}`,
    message: `binding: ${binding.message}`,
  };
}

export function occurrenceFinding(
  file: string,
  occurrence: Occurrence,
  pointer = occurrence.pointer,
): Finding {
  const what = occurrence.kind === 'widget' ? 'widget' : 'action';
  const message =
    occurrence.type === null
      ? `an object without a "${occurrence.kind === 'widget' ? 'type' : 'actionType'}" where ${what === 'widget' ? 'a widget' : 'an action'} belongs`
      : `unknown ${what} "${occurrence.type}"`;
  return {
    file,
    pointer,
    severity: 'unknown',
    code: occurrence.kind === 'widget' ? 'unknown_widget' : 'unknown_action',
    message: occurrence.hint ? `${message} (${occurrence.hint})` : message,
    ...(occurrence.suggestion !== undefined && { suggestion: occurrence.suggestion }),
  };
}

function fault(file: string, pointer: string, code: string, message: string): Finding {
  return { file, pointer, severity: 'error', code, message };
}

/** Renders findings grouped by file, one line each: severity, pointer, message and suggestion. */
export function formatFindings(findings: readonly Finding[]): string[] {
  const lines: string[] = [];
  let file: string | undefined;
  for (const f of findings) {
    if (f.file !== file) {
      file = f.file;
      lines.push(`  ${file}`);
    }
    const suggestion = f.suggestion === undefined ? '' : `; did you mean "${f.suggestion}"?`;
    lines.push(`    ${f.severity.padEnd(7)} ${f.pointer || '(file)'}  ${f.message}${suggestion}`);
  }
  return lines;
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, unknown: 0, warning: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
