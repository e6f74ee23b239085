// The live version and the version in review of one app, each drawn by the renderer through the proxy.
import { useMemo } from 'react';
import { proxyHost } from '../api/proxy-host.js';
import { MiniAppRuntime } from '../renderer/runtime.js';
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
  const { api } = useSignedIn();
  const live = useMemo(() => proxyHost(api, props.org, props.slug), [api, props.org, props.slug]);
  const head = useMemo(
    () => proxyHost(api, props.org, props.slug, { preview: true }),
    [api, props.org, props.slug],
  );
  return (
    <div className="side-by-side">
      <div data-testid="live-version">
        <h3>Live · {props.liveLabel}</h3>
        {props.liveStartPath === null ? (
          <p className="muted">Nothing is live yet: this is the app's first review.</p>
        ) : (
          <MiniAppRuntime host={live} startPath={props.liveStartPath} mode="development" title={props.name} />
        )}
      </div>
      <div data-testid="new-version">
        <h3>In review · {props.headLabel}</h3>
        <MiniAppRuntime host={head} startPath={props.headStartPath} mode="development" title={props.name} />
      </div>
    </div>
  );
}
