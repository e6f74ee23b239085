// Sign-in: the dev login of the embedded default, or a user token from the platform's identity provider.

import type { User } from '@miniapps/host';
import { type FormEvent, useState } from 'react';
import { platformHost, useSession } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

function DevLoginForm() {
  const { api, signIn } = useSession();
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
        ...(moderator && { roles: ['moderator'] }),
      };
      const answer = await api.post<{ token: string; user: User }>('/api/v1/dev/login', body);
      signIn(answer.token, answer.user);
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Dev login">
      <p className="muted">
        Development sign-in: no password; the profile below is what mini-apps may ask for.
      </p>
      <label>
        E-mail
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} name="email" />
      </label>
      <label>
        Full name
        <input value={fullName} onChange={(e) => setFullName(e.target.value)} name="fullName" />
      </label>
      <div className="form-row">
        <label>
          Course
          <input value={course} onChange={(e) => setCourse(e.target.value)} name="course" />
        </label>
        <label>
          Group
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
        Platform moderator
      </label>
      <ErrorNotice error={action.error} />
      <button type="submit" className="button" disabled={action.busy}>
        Sign in
      </button>
    </form>
  );
}

function TokenForm() {
  const { signIn } = useSession();
  const action = useAction();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const user = await platformHost(token.trim()).me();
      signIn(token.trim(), user);
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Sign in with a token">
      <label>
        User token (JWT from your identity provider)
        <textarea required rows={3} value={token} onChange={(e) => setToken(e.target.value)} name="token" />
      </label>
      <ErrorNotice error={action.error} />
      <button type="submit" className="button" disabled={action.busy}>
        Sign in with token
      </button>
    </form>
  );
}

export function SignInPage({ devLogin }: { devLogin: boolean }) {
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      {devLogin ? <DevLoginForm /> : <TokenForm />}
    </div>
  );
}
