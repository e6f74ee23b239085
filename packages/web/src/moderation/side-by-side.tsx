// The live version and the version in review of one app, each drawn by the renderer through the proxy.
import { MiniAppRuntime } from '@miniapps/react';
import { useMemo } from 'react';
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
  const app = `${props.org}/${props.slug}`;
  const live = useMemo(() => host.proxy.source(app), [host, app]);
  const head = useMemo(() => host.proxy.source(app, { preview: true }), [host, app]);
  return (
    <div className="side-by-side">
      <div data-testid="live-version">
        <h3>Live · {props.liveLabel}</h3>
        {props.liveStartPath === null ? (
          <p className="muted">Nothing is live yet: this is the app's first review.</p>
        ) : (
          <MiniAppRuntime
            source={live}
            startPath={props.liveStartPath}
            mode="development"
            title={props.name}
          />
        )}
      </div>
      <div data-testid="new-version">
        <h3>In review · {props.headLabel}</h3>
        <MiniAppRuntime source={head} startPath={props.headStartPath} mode="development" title={props.name} />
      </div>
    </div>
  );
}
