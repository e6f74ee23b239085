// Renders one widget node: looks its type up in the registry, resolves its fields and hands them to its view.
import { isWidgetType, widgets } from '@miniapps/schema';
import { memo, type ReactNode } from 'react';
import { usePage } from './context.js';
import { isRecord } from './field-values.js';
import { resolveFields } from './resolve.js';
import { views } from './views/index.js';

function renderChild(child: unknown, key: string): ReactNode {
  return <NodeView key={key} node={child} />;
}

/** Shown in development in place of what cannot be rendered; production shows nothing there. */
function Placeholder({ type, problem }: { type: string | null; problem: string }) {
  return (
    <div className="ma-placeholder" role="note" data-unknown-widget={type ?? ''}>
      <strong>{type === null ? 'Not a widget' : type}</strong> {problem}
    </div>
  );
}

export const NodeView = memo(function NodeView({ node }: { node: unknown }): ReactNode {
  const { mode } = usePage();
  const development = mode === 'development';
  if (!isRecord(node) || typeof node.type !== 'string') {
    return development ? (
      <Placeholder type={null} problem="(an object with a string “type” belongs here)" />
    ) : null;
  }
  const type = node.type;
  if (!isWidgetType(type)) {
    return development ? <Placeholder type={type} problem="is not a known widget" /> : null;
  }
  const { props, missing } = resolveFields(widgets[type].fields, node, renderChild);
  if (missing.length > 0) {
    const names = missing.map((name) => `“${name}”`).join(', ');
    return development ? <Placeholder type={type} problem={`lacks a valid ${names}`} /> : null;
  }
  // The views map is keyed by the same registry, so the resolved props fit this type's view.
  const View = views[type] as (props: Record<string, unknown>) => ReactNode;
  return <View {...props} />;
});
