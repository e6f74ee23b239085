// Maps the platform's pointers into a deploy body (`/screens/3/json/children/0`) back to files and pointers in them.
import type { Validation } from '@miniapps/contract';
import type { Finding } from './findings.js';
import { bindingFinding, occurrenceFinding } from './findings.js';
import type { Translate } from './i18n/messages.js';
import type { ScreenFile } from './json-file.js';

const IN_BODY = /^\/screens\/(\d+)(\/json)?(.*)$/;

export interface BodyPointerTarget {
  file: string;
  pointer: string;
}

/** The file a body pointer falls in; pointers outside a screen stay as they are, attributed to the folder. */
export function locate(pointer: string, screens: readonly ScreenFile[], folder: string): BodyPointerTarget {
  const match = IN_BODY.exec(pointer);
  const screen = match ? screens[Number(match[1])] : undefined;
  if (!match || !screen) return { file: folder, pointer };
  return { file: screen.file, pointer: match[2] ? (match[3] ?? '') : `(deploy item)${match[3] ?? ''}` };
}

/**
 * The deploy answer's validation (the contract's), read leniently: a platform before occurrences, warnings and
 * binding errors answered only the two name lists.
 */
export type DeployValidation = Pick<Validation, 'unknownWidgets' | 'unknownActions'> &
  Partial<Pick<Validation, 'occurrences' | 'warnings' | 'bindingErrors'>>;

/** The platform's validation report as findings in files, in the CLI's wording (the platform's details as sent). */
export function validationFindings(
  validation: DeployValidation,
  screens: readonly ScreenFile[],
  folder: string,
  t: Translate,
): Finding[] {
  const findings: Finding[] = [];
  for (const occurrence of validation.occurrences ?? []) {
    const at = locate(occurrence.pointer, screens, folder);
    findings.push(occurrenceFinding(at.file, occurrence, t, at.pointer));
  }
  for (const warning of validation.warnings ?? []) {
    const at = locate(warning.pointer, screens, folder);
    findings.push({
      ...at,
      severity: 'warning',
      code: warning.code,
      message: warning.message,
      ...(warning.suggestion !== undefined && { suggestion: warning.suggestion }),
    });
  }
  for (const binding of validation.bindingErrors ?? []) {
    const at = locate(binding.pointer, screens, folder);
    findings.push(bindingFinding(at.file, binding, t, at.pointer));
  }
  // A platform whose report carries only the contract's name lists still gets every name shown.
  if (!validation.occurrences) {
    for (const name of validation.unknownWidgets) {
      findings.push({
        file: folder,
        pointer: '',
        severity: 'unknown',
        code: 'unknown_widget',
        message: t('findings.unknown_widget', { type: name }),
      });
    }
    for (const name of validation.unknownActions) {
      findings.push({
        file: folder,
        pointer: '',
        severity: 'unknown',
        code: 'unknown_action',
        message: t('findings.unknown_action', { type: name }),
      });
    }
  }
  return findings;
}

/** `bad_screens` details ({pointer, problem} per fault) as findings in files. */
export function faultFindings(details: unknown, screens: readonly ScreenFile[], folder: string): Finding[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((fault: { pointer?: unknown; problem?: unknown }) => {
    if (typeof fault?.pointer !== 'string' || typeof fault.problem !== 'string') return [];
    return [
      {
        ...locate(fault.pointer, screens, folder),
        severity: 'error' as const,
        code: 'bad_screens',
        message: fault.problem,
      },
    ];
  });
}
