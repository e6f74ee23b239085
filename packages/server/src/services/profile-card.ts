// The first-party "Profile card" app: the signed-in user's own profile, as a screen and as JSON.
import { findUserById, type User } from '../auth/users-repository.js';
import {
  notFoundAnswer,
  type ServiceAnswer,
  type ServiceCall,
  type ServiceContext,
} from './service-function.js';

/** Slug of the app record created by migration 0010. */
export const PROFILE_CARD_SLUG = 'profile-card';

export async function profileCard(call: ServiceCall, { db }: ServiceContext): Promise<ServiceAnswer> {
  const path = call.path.split('?')[0];
  const user = await findUserById(db, call.userId);
  if (!user) return { status: 404, body: { ok: false, error: 'not_found', message: 'No such user.' } };
  if (call.kind === 'screen' && path === '/') return { status: 200, body: profileScreen(user) };
  if (call.kind === 'api' && path === '/profile' && call.method === 'GET') {
    return { status: 200, body: { ok: true, profile: profileOf(user) } };
  }
  return notFoundAnswer(call.path);
}

function profileOf(user: User) {
  return { email: user.email, fullName: user.fullName, course: user.course, group: user.group };
}

function profileScreen(user: User) {
  const rows = [
    { title: 'E-mail', value: user.email, icon: 'mail' },
    { title: 'Course', value: user.course, icon: 'school' },
    { title: 'Group', value: user.group, icon: 'group' },
  ];
  return {
    type: 'screen',
    title: 'My profile',
    refreshable: true,
    onRefresh: { actionType: 'refresh' },
    children: [
      {
        type: 'card',
        children: [
          { type: 'heading', text: user.fullName ?? user.email, level: 1 },
          {
            type: 'text',
            text: user.fullName ? user.email : 'Add your name in your account.',
            style: 'caption',
          },
        ],
      },
      {
        type: 'list',
        emptyText: 'Nothing on your profile yet.',
        items: rows
          .filter((row) => row.value)
          .map((row) => ({
            type: 'listItem',
            title: row.title,
            subtitle: row.value,
            leading: { type: 'icon', name: row.icon },
          })),
      },
      {
        type: 'button',
        label: 'Copy e-mail',
        style: 'secondary',
        onTap: { actionType: 'copyToClipboard', text: user.email },
      },
    ],
  };
}
