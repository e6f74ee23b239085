// Renders one screen document with the surroundings its actions need; the building block of the runtime.
import { useMemo, useRef } from 'react';
import type { ActionEnv, FormHandle } from './action-env.js';
import { BindingContext, type BindingScope } from './bindings.js';
import { PageContext, type PageScope } from './context.js';
import { noDevice } from './device.js';
import { isRecord } from './field-values.js';
import type { LaunchContext } from './launch-context.js';
import { NodeView } from './node-view.js';
import type { RenderMode } from './render-mode.js';
import { ValueStore } from './value-store.js';

export interface ScreenRendererProps {
  /** The screen JSON (root is a widget, usually `screen`). */
  screen: unknown;
  mode: RenderMode;
  env: Omit<ActionEnv, 'form'>;
  /** The app's storage (`${storage.key}`), shared by its pages; without it, an empty one of this page. */
  storage?: ValueStore | undefined;
  /** The page's params (`${params.…}`): its query and what openPage passed. */
  params?: Record<string, string> | undefined;
  /** `${launch.…}`: how the app was opened. */
  launch?: LaunchContext | undefined;
}

/** A page's first state: the screen's `state` object, or nothing. */
function initialState(screen: unknown): Record<string, unknown> {
  const state = isRecord(screen) ? screen.state : undefined;
  return { state: isRecord(state) ? state : {} };
}

export function ScreenRenderer({ screen, mode, env, storage, params, launch }: ScreenRendererProps) {
  const forms = useRef(new Map<string, FormHandle>()).current;
  // Created once per drawn page: state lives as long as the page (a reload starts it afresh).
  const state = useRef<ValueStore | null>(null);
  state.current ??= new ValueStore(initialState(screen));
  const ownStorage = useRef<ValueStore | null>(null);
  if (!storage) ownStorage.current ??= new ValueStore({ storage: {} });
  const scope = useMemo<PageScope>(() => ({ mode, env, forms }), [mode, env, forms]);
  const bindings = useMemo<BindingScope>(
    () => ({
      state: state.current as ValueStore,
      storage: storage ?? (ownStorage.current as ValueStore),
      fixed: {
        params: params ?? {},
        launch: launch ?? {},
        host: { capabilities: (env.device ?? noDevice).capabilities },
      },
      locals: {},
    }),
    [storage, params, launch, env.device],
  );
  return (
    <PageContext.Provider value={scope}>
      <BindingContext.Provider value={bindings}>
        <div className="ma-root">
          <NodeView node={screen} />
        </div>
      </BindingContext.Provider>
    </PageContext.Provider>
  );
}
