// Views of the layout widgets: screen, column, row, stack, card, tabs, divider, spacer.
import { useEffect, useRef, useState } from 'react';
import { usePage, useRunActions } from '../context.js';
import { alignItems, tappable, type ViewProps } from './view-props.js';

export function ScreenView(props: ViewProps<'screen'>) {
  const run = useRunActions();
  const page = usePage();
  const loaded = useRef(false);
  useEffect(() => {
    // Once per page mount, like a native screen's first appearance.
    if (loaded.current) return;
    loaded.current = true;
    run(props.onLoad);
  }, [run, props.onLoad]);
  const refresh = () => (props.onRefresh ? run(props.onRefresh) : void page.env.refresh());
  return (
    <section className="ma-screen">
      {(props.title !== undefined || props.refreshable) && (
        <header className="ma-screen-header">
          {props.title !== undefined && <h1 className="ma-screen-title">{props.title}</h1>}
          {props.refreshable && (
            <button type="button" className="ma-refresh" aria-label="Refresh" onClick={refresh}>
              ↻
            </button>
          )}
        </header>
      )}
      <div className="ma-column ma-screen-body">{props.children}</div>
    </section>
  );
}

export function ColumnView(props: ViewProps<'column'>) {
  return (
    <div
      className="ma-column"
      style={{ gap: props.spacing ?? 8, alignItems: props.align ? alignItems[props.align] : undefined }}
    >
      {props.children}
    </div>
  );
}

export function RowView(props: ViewProps<'row'>) {
  return (
    <div
      className="ma-row"
      style={{
        gap: props.spacing ?? 8,
        alignItems: props.align ? alignItems[props.align] : 'center',
        flexWrap: props.wrap ? 'wrap' : 'nowrap',
      }}
    >
      {props.children}
    </div>
  );
}

export function StackView(props: ViewProps<'stack'>) {
  return (
    <div
      className="ma-stack"
      style={{ padding: props.spacing, alignItems: props.align ? alignItems[props.align] : undefined }}
    >
      {props.children}
    </div>
  );
}

export function CardView(props: ViewProps<'card'>) {
  const run = useRunActions();
  const onTap = props.onTap ? () => run(props.onTap) : undefined;
  return (
    <div className={onTap ? 'ma-card ma-tappable' : 'ma-card'} {...tappable(onTap)}>
      {props.children}
    </div>
  );
}

export function TabsView(props: ViewProps<'tabs'>) {
  const tabs = props.tabs ?? [];
  const [selected, setSelected] = useState(Math.min(props.selected ?? 0, Math.max(tabs.length - 1, 0)));
  const current = tabs[selected];
  return (
    <div className="ma-tabs">
      <div className="ma-tab-list" role="tablist">
        {tabs.map((tab, index) => (
          <button
            // Tabs are a fixed list from the screen JSON; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            type="button"
            role="tab"
            aria-selected={index === selected}
            className="ma-tab"
            onClick={() => setSelected(index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="ma-tab-panel">
        {current?.child}
      </div>
    </div>
  );
}

export function DividerView(_props: ViewProps<'divider'>) {
  return <hr className="ma-divider" />;
}

export function SpacerView(props: ViewProps<'spacer'>) {
  return <div className="ma-spacer" style={{ height: props.size ?? 16, width: props.size ?? 16 }} />;
}
