// The live version and the version in review of one app, each drawn by the renderer through the proxy.
import { MiniAppRuntime } from '@miniapps/react';
import { useMemo } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';

export interface SideBySideProps {
  org: string;
  slug: string;
  name: string;
  /** Start path of the live configuration, or null when nothing is live yet. */
  liveStartPath: string | null;
  liveLabel: string;
  headStartPath: string;
  headLabel: string;
}

export function SideBySide(props: SideBySideProps) {
  const { host } = useSignedIn();
  const { language, t } = useLanguage();
  const app = `${props.org}/${props.slug}`;
  const live = useMemo(() => host.proxy.source(app), [host, app]);
  const head = useMemo(() => host.proxy.source(app, { preview: true }), [host, app]);
  return (
    <div className="side-by-side">
      <div data-testid="live-version">
        <h3>{t('review.live', { label: props.liveLabel })}</h3>
        {props.liveStartPath === null ? (
          <p className="muted">{t('review.nothingLive')}</p>
        ) : (
          <MiniAppRuntime
            source={live}
            startPath={props.liveStartPath}
            mode="development"
            title={props.name}
            lang={language}
          />
        )}
      </div>
      <div data-testid="new-version">
        <h3>{t('review.inReview', { label: props.headLabel })}</h3>
        <MiniAppRuntime
          source={head}
          startPath={props.headStartPath}
          mode="development"
          title={props.name}
          lang={language}
        />
      </div>
    </div>
  );
}
