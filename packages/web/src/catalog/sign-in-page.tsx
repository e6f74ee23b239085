// Sign-in: with the university's identity provider (OpenID Connect), the dev login of the embedded default, or a user token.

import { type FormEvent, useState } from 'react';
import { clientSettings } from '../client-settings.js';
import { useLanguage } from '../i18n/language.js';
import { useLocation } from '../router.js';
import { platformHost, useSession } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

function DevLoginForm() {
  const { api, signIn } = useSession();
  const { t } = useLanguage();
  const action = useAction();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [course, setCourse] = useState('');
  const [group, setGroup] = useState('');
  const [moderator, setModerator] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const body = {
        email: email.trim(),
        ...(fullName.trim() && { fullName: fullName.trim() }),
        ...(course.trim() && { course: course.trim() }),
        ...(group.trim() && { group: group.trim() }),
        ...(moderator && { roles: ['moderator' as const] }),
      };
      const answer = await api.request('POST /api/v1/dev/login', { body });
      signIn(answer.token, answer.user);
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={t('signIn.devLogin')}>
      <p className="muted">{t('signIn.devHint')}</p>
      <label>
        {t('signIn.email')}
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} name="email" />
      </label>
      <label>
        {t('signIn.fullName')}
        <input value={fullName} onChange={(e) => setFullName(e.target.value)} name="fullName" />
      </label>
      <div className="form-row">
        <label>
          {t('signIn.course')}
          <input value={course} onChange={(e) => setCourse(e.target.value)} name="course" />
        </label>
        <label>
          {t('signIn.group')}
          <input value={group} onChange={(e) => setGroup(e.target.value)} name="group" />
        </label>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={moderator}
          onChange={(e) => setModerator(e.target.checked)}
          name="moderator"
        />
        {t('signIn.moderator')}
      </label>
      <ErrorNotice error={action.error} />
      <button type="submit" className="button" disabled={action.busy}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}

function TokenForm() {
  const { signIn } = useSession();
  const { language, t } = useLanguage();
  const action = useAction();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const user = await platformHost(token.trim(), language).me();
      signIn(token.trim(), user);
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={t('signIn.tokenForm')}>
      <label>
        {t('signIn.token')}
        <textarea required rows={3} value={token} onChange={(e) => setToken(e.target.value)} name="token" />
      </label>
      <ErrorNotice error={action.error} />
      <button type="submit" className="button" disabled={action.busy}>
        {t('signIn.withToken')}
      </button>
    </form>
  );
}

/** A plain link: the platform sends the browser to the IdP and, signed in, back to this page. */
function ProviderSignIn({ name }: { name: string }) {
  const { language, t } = useLanguage();
  const { path } = useLocation();
  const query = new URLSearchParams({ return_to: `${path}${window.location.search}`, lang: language });
  return (
    <p>
      <a className="button" href={`/auth/login?${query}`}>
        {t('signIn.with', { name })}
      </a>
    </p>
  );
}

export function SignInPage({ devLogin }: { devLogin: boolean }) {
  const { t } = useLanguage();
  const { ended } = useSession();
  const oidc = clientSettings.oidc;
  return (
    <div className="narrow">
      <h1>{t('signIn.title')}</h1>
      {ended && (
        <p className="notice" role="status">
          {t('signIn.ended')}
        </p>
      )}
      {oidc && <ProviderSignIn name={oidc.displayName} />}
      {oidc && devLogin && <p className="muted">{t('signIn.or')}</p>}
      {devLogin ? <DevLoginForm /> : !oidc && <TokenForm />}
    </div>
  );
}
