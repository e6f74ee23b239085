// Renders one screen document with the surroundings its actions need; the building block of the runtime.
import { useMemo, useRef } from 'react';
import type { ActionEnv, FormHandle } from './action-env.js';
import { PageContext, type PageScope } from './context.js';
import { NodeView } from './node-view.js';
import type { RenderMode } from './render-mode.js';

export interface ScreenRendererProps {
  /** The screen JSON (root is a widget, usually `screen`). */
  screen: unknown;
  mode: RenderMode;
  env: Omit<ActionEnv, 'form'>;
}

export function ScreenRenderer({ screen, mode, env }: ScreenRendererProps) {
  const forms = useRef(new Map<string, FormHandle>()).current;
  const scope = useMemo<PageScope>(() => ({ mode, env, forms }), [mode, env, forms]);
  return (
    <PageContext.Provider value={scope}>
      <div className="ma-root">
        <NodeView node={screen} />
      </div>
    </PageContext.Provider>
  );
}
