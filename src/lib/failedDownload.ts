/**
 * Whether `error` is a script download that failed: webpack's ChunkLoadError for a lazily loaded
 * bundle, or the browser's own error for a module import (offline, or a deploy removed the file).
 */
export function isFailedDownload(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /^Loading (CSS )?chunk \S+ failed/.test(error.message) ||
    /dynamically imported module/.test(error.message)
  );
}
