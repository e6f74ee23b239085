// Views of the control widgets: button, list, listItem.
import { Children, isValidElement } from 'react';
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

export function ListView(props: ViewProps<'list'>) {
  const items = Children.toArray(props.items ?? []);
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
