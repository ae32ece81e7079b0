/**
 * Files a running cluster rewrites while other processes read them (who is who, a restart's
 * progress): written to a temporary file beside them, then renamed over them, so that a reader
 * finds the old text or the new one, never the empty file a rewrite in place begins with.
 */
import { renameSync, writeFileSync } from 'node:fs';

/** Writes `text` to `path` in one step for its readers. */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
