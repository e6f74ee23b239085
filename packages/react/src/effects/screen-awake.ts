// Keeps the screen on while a code is shown (a pass at a turnstile): the Screen Wake Lock API where the browser has
// it, nothing where it has not. Brightness is no browser's to set; only a native host can.

interface WakeLockSentinel {
  release(): Promise<void>;
}
interface WakeLockNavigator {
  wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> };
}

/** Asks for the lock, again each time the page comes back into view (the browser drops it when hidden); the
 * returned function lets go. Never throws: a refusal (no user gesture, battery saver) leaves the screen as it is. */
export function holdScreenAwake(): () => void {
  const wakeLock = typeof navigator === 'undefined' ? undefined : (navigator as WakeLockNavigator).wakeLock;
  if (!wakeLock) return () => {};
  let sentinel: WakeLockSentinel | undefined;
  let released = false;
  const request = () => {
    wakeLock.request('screen').then(
      (lock) => {
        if (released) void lock.release().catch(() => {});
        else sentinel = lock;
      },
      () => {},
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !released) request();
  };
  request();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release().catch(() => {});
  };
}
