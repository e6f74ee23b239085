// The editor's findings as text beside it: what a screen reader reads, line by line.
import { useLanguage } from '../i18n/language.js';
import type { ListedFinding } from './code-editor.js';

/** `none` is what an empty list says (a screen's findings are of widgets and actions, a data file's of its shape). */
export function FindingList({ findings, none }: { findings: ListedFinding[]; none?: string }) {
  const { t } = useLanguage();
  return (
    <section className="studio-findings" aria-label={t('studio.findings')}>
      {findings.length === 0 ? (
        <p className="muted">{none ?? t('studio.findings.none')}</p>
      ) : (
        <ul data-testid="studio-findings">
          {findings.map((finding, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: worked out again on each change, in text order.
            <li key={index} className={`studio-finding studio-finding-${finding.severity}`}>
              {t('studio.findings.line', { line: finding.line })} {finding.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
