/**
 * A load that runs once and whose result every caller shares, unless it fails: a failed load (a
 * bundle that could not be downloaded, offline or after a deploy removed the old files) is
 * forgotten, so the next call tries again instead of failing until the page is reloaded.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
