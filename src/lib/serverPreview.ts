/**
 * A page the server renders whole (a local page, `/cars/in/austin-tx`): its block inside #root
 * is kept as the server wrote it, since the app has no data of its own to draw it from. Read once
 * before the app renders over #root.
 */
let kept: string | null = null;

/** Keeps the server's block of `kind` (its attribute `data-server-preview`), if #root holds one. */
export function keepServerPreview(container: Element, kind: string): void {
  const block = container.firstElementChild;
  if (block?.getAttribute('data-server-preview') === kind) kept = block.innerHTML;
}

/** The kept block's content (once: a later visit in the app reloads the page from the server). */
export function takeServerPreview(): string | null {
  const html = kept;
  kept = null;
  return html;
}
