// How a webhook delivery attempt's outcome reads in the console (the shapes are @miniapps/contract's).

/** How an attempt ended, as the console shows it: the sender's error, else the endpoint's `HTTP <status>`. */
export function outcomeOf(error: string | null, status: number | null): string {
  return error ?? (status === null ? '—' : `HTTP ${status}`);
}
