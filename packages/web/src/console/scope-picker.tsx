// The permissions an app declares, picked from the contract's five scopes.

import { scopeLabels } from '@miniapps/react';
import { allScopes, type Scope } from '../api/types.js';

/** The picked scopes in the contract's order. */
export function inScopeOrder(scopes: readonly Scope[]): Scope[] {
  return allScopes.filter((scope) => scopes.includes(scope));
}

export function ScopePicker(props: { value: Scope[]; onChange(next: Scope[]): void }) {
  const toggle = (scope: Scope) =>
    props.onChange(
      props.value.includes(scope) ? props.value.filter((s) => s !== scope) : [...props.value, scope],
    );
  return (
    <fieldset>
      <legend>Permissions</legend>
      <p className="muted">Only what the app uses; users grant each one separately and can withdraw it.</p>
      {allScopes.map((scope) => (
        <label className="check" key={scope}>
          <input
            type="checkbox"
            name={`scope-${scope}`}
            checked={props.value.includes(scope)}
            onChange={() => toggle(scope)}
          />
          <strong>{scopeLabels[scope].title}</strong>&nbsp;
          <span className="muted">{scopeLabels[scope].gives}</span>
        </label>
      ))}
    </fieldset>
  );
}
