// How the app was opened, as `${launch.…}` bindings read it (kept apart from bindings.tsx so the public
// declarations reach no private package).
import type { LaunchSource } from '@miniapps/host';

export interface LaunchContext {
  startParam?: string | undefined;
  source?: LaunchSource | undefined;
  platform?: string | undefined;
  locale?: string | undefined;
  colorScheme?: string | undefined;
}
