// The development push inbox: receive pushes in this browser, and the pushes received, each opening its app's page.
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { pushTarget, useInbox } from './inbox-state.js';

export function InboxPage() {
  const inbox = useInbox();
  const { t } = useLanguage();
  const format = useFormat();
  const action = useAction();
  if (!inbox) return <p className="notice">{t('inbox.off')}</p>;
  const { items } = inbox;
  return (
    <div>
      <h1>{t('inbox.title')}</h1>
      <p className="muted">{t('inbox.intro')}</p>
      <label className="inbox-toggle">
        <input
          type="checkbox"
          checked={inbox.receiving}
          disabled={action.busy}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            void action.run(() => inbox.setReceiving(on));
          }}
        />{' '}
        {t('inbox.receive')}
      </label>
      {inbox.receiving && inbox.permission === 'denied' && (
        <p className="notice notice-warning">{t('inbox.permissionDenied')}</p>
      )}
      {inbox.receiving && inbox.permission === 'unsupported' && (
        <p className="muted">{t('inbox.permissionUnsupported')}</p>
      )}
      <ErrorNotice error={action.error ?? inbox.error} />
      <div className="buttons">
        <button
          type="button"
          className="button button-secondary"
          disabled={action.busy || inbox.unread === 0}
          onClick={() => void action.run(inbox.markRead)}
        >
          {t('inbox.markRead')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={action.busy || !items?.length}
          onClick={() => void action.run(inbox.clear)}
        >
          {t('inbox.clear')}
        </button>
      </div>
      <h2>{t('inbox.received', { count: items?.length ?? 0 })}</h2>
      {items === undefined ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="muted">{t(inbox.receiving ? 'inbox.emptyReceiving' : 'inbox.empty')}</p>
      ) : (
        <ul className="inbox-list">
          {items.map((item) => (
            <li key={item.id} className={item.readAt === null ? 'inbox-item inbox-unread' : 'inbox-item'}>
              <Link to={pushTarget(item)}>
                <strong>{item.title}</strong>
              </Link>
              {item.readAt === null && <span className="badge">{t('inbox.new')}</span>}
              <p>{item.body}</p>
              <p className="muted">
                {t('inbox.meta', {
                  app: item.app.name ?? `${item.app.organizationId}/${item.app.slug}`,
                  time: format.date(item.createdAt),
                })}
                {item.page !== null && (
                  <>
                    {' · '}
                    <code>{item.page}</code>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
