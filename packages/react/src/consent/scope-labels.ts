// What each scope gives an app, in the words a user and a developer read.
import type { Scope } from '@miniapps/host';

export const scopeLabels: Record<Scope, { title: string; gives: string }> = {
  identity: { title: 'Identity', gives: 'your platform user id' },
  email: { title: 'E-mail', gives: 'your university e-mail address' },
  profile: { title: 'Profile', gives: 'your full name and course' },
  group: { title: 'Study group', gives: 'your study group' },
  notifications: { title: 'Notifications', gives: 'sending you push notifications' },
};
