// Views of the control widgets: button, list, listItem.
import { Children, isValidElement, type ReactNode } from 'react';
import { BindingLocals } from '../bindings.js';
import { useRunActions } from '../context.js';
import { tappable, type ViewProps } from './view-props.js';

export function ButtonView(props: ViewProps<'button'>) {
  const run = useRunActions();
  return (
    <button
      type="button"
      className={`ma-button ma-button-${props.style ?? 'primary'}`}
      disabled={props.disabled === true}
      onClick={() => run(props.onTap)}
    >
      {props.label}
    </button>
  );
}

/** One drawing of the template per entry of the bound list, with `${item…}` and `${index}` bound to it. */
function templateRows(entries: unknown, template: ReactNode): ReactNode[] {
  if (!Array.isArray(entries) || template === undefined) return [];
  return entries.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: entries are plain data; a row is its position
    <BindingLocals key={index} locals={{ item, index }}>
      {template}
    </BindingLocals>
  ));
}

export function ListView(props: ViewProps<'list'>) {
  const items =
    props.itemsFrom !== undefined
      ? templateRows(props.itemsFrom, props.itemTemplate)
      : Children.toArray(props.items ?? []);
  if (items.length === 0) {
    return props.emptyText === undefined ? null : <p className="ma-list-empty">{props.emptyText}</p>;
  }
  return (
    <ul className="ma-list">
      {items.map((item, index) => (
        <li key={isValidElement(item) && item.key !== null ? item.key : index}>{item}</li>
      ))}
    </ul>
  );
}

export function ListItemView(props: ViewProps<'listItem'>) {
  const run = useRunActions();
  const onTap = props.onTap ? () => run(props.onTap) : undefined;
  return (
    <div className={onTap ? 'ma-list-item ma-tappable' : 'ma-list-item'}>
      <div className="ma-list-item-body" {...tappable(onTap)}>
        {props.leading !== undefined && <div className="ma-list-item-leading">{props.leading}</div>}
        <div className="ma-list-item-text">
          <div className="ma-list-item-title">{props.title}</div>
          {props.subtitle !== undefined && <div className="ma-list-item-subtitle">{props.subtitle}</div>}
        </div>
        {props.trailing !== undefined && <div className="ma-list-item-trailing">{props.trailing}</div>}
      </div>
    </div>
  );
}
