// The permissions an app declares, picked from the contract's five scopes.
import { scopeNames as allScopes, type Scope } from '@miniapps/contract';
import { useLanguage } from '../i18n/language.js';

/** The picked scopes in the contract's order. */
export function inScopeOrder(scopes: readonly Scope[]): Scope[] {
  return allScopes.filter((scope) => scopes.includes(scope));
}

export function ScopePicker(props: { value: Scope[]; onChange(next: Scope[]): void }) {
  const { t } = useLanguage();
  const toggle = (scope: Scope) =>
    props.onChange(
      props.value.includes(scope) ? props.value.filter((s) => s !== scope) : [...props.value, scope],
    );
  return (
    <fieldset>
      <legend>{t('console.scopes.legend')}</legend>
      <p className="muted">{t('console.scopes.hint')}</p>
      {allScopes.map((scope) => (
        <label className="check" key={scope}>
          <input
            type="checkbox"
            name={`scope-${scope}`}
            checked={props.value.includes(scope)}
            onChange={() => toggle(scope)}
          />
          <strong>{t(`scope.${scope}`)}</strong>&nbsp;
          <span className="muted">{t(`scope.${scope}.gives`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
