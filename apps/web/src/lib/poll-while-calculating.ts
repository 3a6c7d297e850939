/** The first looks at a task being analysed, quickly: most quotes are ready within a few seconds. */
const QUICK_LOOKS = 8;
const QUICK_MS = 400;

interface PolledQuery {
  state: { data?: { state?: string } | undefined; dataUpdateCount: number };
}

/**
 * A `refetchInterval` that looks at a task again while its files are analysed (CALCULATING):
 * every 400 ms for its first eight looks, then every `thenMs`; not at all once it has a price.
 */
export function pollWhileCalculating(thenMs: number) {
  return (query: PolledQuery): number | false => {
    if (query.state.data?.state !== 'CALCULATING') return false;
    return query.state.dataUpdateCount <= QUICK_LOOKS ? QUICK_MS : thenMs;
  };
}
