// The declared scopes of an app as checkboxes, each granted separately.
import type { Scope } from '../api/types.js';
import { scopeLabels } from '../console/scope-labels.js';

export function ConsentChoices(props: {
  declared: Scope[];
  granted: Scope[];
  onChange(next: Scope[]): void;
}) {
  const toggle = (scope: Scope) =>
    props.onChange(
      props.granted.includes(scope) ? props.granted.filter((s) => s !== scope) : [...props.granted, scope],
    );
  return (
    <fieldset className="consent-choices">
      <legend>Permissions</legend>
      {props.declared.map((scope) => (
        <label className="check" key={scope}>
          <input
            type="checkbox"
            name={`grant-${scope}`}
            checked={props.granted.includes(scope)}
            onChange={() => toggle(scope)}
          />
          <span>
            <strong>{scopeLabels[scope].title}</strong>{' '}
            <span className="muted">— {scopeLabels[scope].gives}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
