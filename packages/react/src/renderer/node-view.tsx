// Renders one widget node: looks its type up in the registry, resolves its fields and hands them to its view.
import { type BindingPath, isFalsy, isWidgetType, pathKey, widgets } from '@miniapps/schema';
import { memo, type ReactNode, useEffect, useReducer } from 'react';
import { useMessages } from '../i18n/language.js';
import type { MessageKey } from '../i18n/messages.js';
import {
  bindAddress,
  bindString,
  concreteOf,
  readConcrete,
  templateOf,
  useBindingScope,
} from './bindings.js';
import { usePage } from './context.js';
import { isRecord } from './field-values.js';
import { type FieldBinder, resolveFields } from './resolve.js';
import type { ValueStore } from './value-store.js';
import { views } from './views/index.js';

function renderChild(child: unknown, key: string): ReactNode {
  return <NodeView key={key} node={child} />;
}

/** Shown in development in place of what cannot be rendered; production shows nothing there. */
function Placeholder(props: { type: string | null; problem: MessageKey; names?: string }) {
  const t = useMessages();
  return (
    <div className="ma-placeholder" role="note" data-unknown-widget={props.type ?? ''}>
      <strong>{props.type ?? t('placeholder.notWidget')}</strong>{' '}
      {t(props.problem, props.names === undefined ? undefined : { names: props.names })}
    </div>
  );
}

/** Redraws the caller after a change of the store at one of `keys`; nothing when it reads none. */
function useStoreKeys(store: ValueStore, keys: string[], renderedAt: number, redraw: () => void): void {
  const joined = keys.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `joined` stands for `keys`
  useEffect(() => {
    if (joined === '') return;
    // A change between this render and the subscription would otherwise be missed.
    if (store.version !== renderedAt) redraw();
    return store.subscribe(joined.split('\n'), redraw);
  }, [store, joined, redraw]);
}

export const NodeView = memo(function NodeView({ node }: { node: unknown }): ReactNode {
  const { mode } = usePage();
  const scope = useBindingScope();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const development = mode === 'development';
  // The state and storage paths this node's own fields read: it subscribes to exactly those.
  const stateKeys: string[] = [];
  const storageKeys: string[] = [];
  const read = (path: BindingPath): unknown => {
    const concrete = concreteOf(path, read);
    if (!concrete) return undefined;
    if (concrete[0] === 'state') stateKeys.push(pathKey(concrete));
    // The app's strings (`t`) live in the storage's store: loaded once on open, like the storage.
    else if (concrete[0] === 'storage' || concrete[0] === 't' || concrete[0] === 'responses')
      storageKeys.push(pathKey(concrete));
    return readConcrete(scope, concrete);
  };
  const bind: FieldBinder = (text, kind) => {
    if (kind === 'other') return bindString(text, read);
    if (kind === 'address') return bindAddress(text, read);
    const whole = templateOf(text)?.whole;
    return whole ? read(whole) : undefined;
  };
  const stateAt = scope.state.version;
  const storageAt = scope.storage.version;
  const view = drawNode(node, development, bind);
  useStoreKeys(scope.state, stateKeys, stateAt, redraw as () => void);
  useStoreKeys(scope.storage, storageKeys, storageAt, redraw as () => void);
  return view;
});

function drawNode(node: unknown, development: boolean, bind: FieldBinder): ReactNode {
  if (!isRecord(node) || typeof node.type !== 'string') {
    return development ? <Placeholder type={null} problem="placeholder.needsType" /> : null;
  }
  const type = node.type;
  if (!isWidgetType(type)) {
    return development ? <Placeholder type={type} problem="placeholder.unknown" /> : null;
  }
  const { props, missing } = resolveFields(widgets[type].fields, node, renderChild, bind);
  if (node.visibleIf !== undefined) {
    if (isFalsy(props.visibleIf)) return null;
    delete props.visibleIf;
  }
  if (missing.length > 0) {
    const names = missing.map((name) => `“${name}”`).join(', ');
    return development ? <Placeholder type={type} problem="placeholder.lacks" names={names} /> : null;
  }
  // The views map is keyed by the same registry, so the resolved props fit this type's view.
  const View = views[type] as (props: Record<string, unknown>) => ReactNode;
  return <View {...props} />;
}
