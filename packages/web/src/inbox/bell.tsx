// The bar's bell: the development inbox's page, with its unread count (shown only where the inbox is on).
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { useInbox } from './inbox-state.js';

export function InboxBell({ current }: { current: 'page' | undefined }) {
  const inbox = useInbox();
  const { t } = useLanguage();
  if (!inbox) return null;
  return (
    <Link to={pages.inbox} aria-current={current} className="nav-bell">
      <span aria-hidden="true">🔔</span>{' '}
      {inbox.unread === 0 ? (
        t('inbox.nav')
      ) : (
        // Read out as one phrase ("Notifications, 2 unread"); seen as the word and a count.
        <>
          <span aria-hidden="true">
            {t('inbox.nav')} <span className="badge badge-count">{inbox.unread}</span>
          </span>
          <span className="visually-hidden">{t('inbox.navUnread', { count: inbox.unread })}</span>
        </>
      )}
    </Link>
  );
}
