// A host's or the browser's promise given a deadline: every call settles, so an action never hangs on a silent host.

/** `promise`, or `late()`'s error once `ms` have passed without it settling; `onLate` tidies up what was waiting. */
export function settleWithin<T>(
  promise: Promise<T>,
  ms: number,
  late: () => Error,
  onLate?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onLate?.();
      reject(late());
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
