// The props each widget view receives: its registry fields, resolved (children rendered, actions as lists).
import type { WidgetType, widgets } from '@miniapps/schema';
import type { ReactNode } from 'react';
import type { ResolvedProps } from '../resolve.js';

export type ViewProps<T extends WidgetType> = ResolvedProps<(typeof widgets)[T]['fields'], ReactNode>;

/** Flex alignment of the registry's `align` values. */
export const alignItems = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
} as const;

/** Keyboard access for tappable non-buttons: Enter and Space act like a click. */
export function tappable(onTap: (() => void) | undefined) {
  if (!onTap) return {};
  return {
    role: 'button',
    tabIndex: 0,
    onClick: onTap,
    onKeyDown: (event: { key: string; preventDefault(): void }) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onTap();
      }
    },
  } as const;
}
