// The action surroundings of the bench pages: every effect does nothing, so only drawing is timed.
import type { ActionEnv } from '@miniapps/react';

export const quietEnv: Omit<ActionEnv, 'form'> = {
  openPage: () => {},
  back: () => {},
  refresh: async () => {},
  openUrl: () => {},
  request: async () => ({}),
  toast: () => {},
  alert: async () => true,
  copy: async () => {},
  share: async () => {},
  addToCalendar: async () => {},
  haptic: () => {},
  holdScreen: () => () => {},
  showError: () => {},
};
