// React contexts of a rendered page: its action surroundings and forms, and the form an input sits in.
import type { JsonValue } from '@miniapps/host';
import { createContext, useCallback, useContext } from 'react';
import type { ActionEnv, ActionList, FormHandle } from './action-env.js';
import { runActions } from './actions.js';
import { BindingContext } from './bindings.js';
import type { RenderMode } from './render-mode.js';

export interface PageScope {
  mode: RenderMode;
  env: Omit<ActionEnv, 'form'>;
  forms: Map<string, FormHandle>;
}

/** The form an input or control sits in: its values store and handle. */
export interface FormScope {
  handle: FormHandle;
  setValue(name: string, value: JsonValue): void;
  /** A fileField's chosen files, by its name. */
  setFiles(name: string, files: File[]): void;
}

export const PageContext = createContext<PageScope | null>(null);
export const FormContext = createContext<FormScope | null>(null);

export function usePage(): PageScope {
  const page = useContext(PageContext);
  if (!page) throw new Error('A widget was rendered outside a ScreenView.');
  return page;
}

/** A function that runs an action list in the place of the calling widget (its page and its form). */
export function useRunActions(): (list: ActionList | undefined) => void {
  const page = usePage();
  const form = useContext(FormContext);
  const bindings = useContext(BindingContext);
  return useCallback(
    (list) => {
      if (!list || list.length === 0) return;
      const env = {
        ...page.env,
        form: (id?: string) => (id === undefined ? form?.handle : page.forms.get(id)),
      };
      void runActions(list, env, bindings ? { bindings } : {});
    },
    [page, form, bindings],
  );
}
