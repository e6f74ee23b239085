// The declared scopes of an app as checkboxes, each granted separately.
import type { Scope } from '@miniapps/host';
import { useMessages } from '../i18n/language.js';

export interface ConsentChoicesProps {
  declared: readonly Scope[];
  granted: readonly Scope[];
  onChange(next: Scope[]): void;
}

export function ConsentChoices(props: ConsentChoicesProps) {
  const t = useMessages();
  const toggle = (scope: Scope) =>
    props.onChange(
      props.granted.includes(scope) ? props.granted.filter((s) => s !== scope) : [...props.granted, scope],
    );
  return (
    <fieldset className="ma-consent-choices">
      <legend>{t('consent.permissions')}</legend>
      {props.declared.map((scope) => (
        <label className="ma-check ma-consent-scope" key={scope}>
          <input
            type="checkbox"
            name={`grant-${scope}`}
            checked={props.granted.includes(scope)}
            onChange={() => toggle(scope)}
          />
          <span>
            <strong>{t(`scope.${scope}`)}</strong>{' '}
            <span className="ma-hint">— {t(`scope.${scope}.gives`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
