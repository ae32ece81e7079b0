/**
 * The app shell (index.html as the build writes it) with a page's own title, description and
 * head tags, and what the server renders in `<div id="root">` (and beside it). Every value is
 * HTML already: the caller escapes what it took from data (escapeHtml in car-pages.ts).
 */
export interface ShellFill {
  title: string;
  /** The description meta tag's content: replaces the shell's, or is added; none keeps the shell's. */
  description?: string;
  /** Tags added at the end of the head (canonical, Open Graph, JSON-LD, robots, styles). */
  head: string;
  /** The server-rendered preview the web app renders over. */
  root: string;
  /** Right after the root (the app's starting state). */
  afterRoot?: string;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
const EMPTY_ROOT = '<div id="root"></div>';

export function fillShell(shell: string, fill: ShellFill): string {
  if (!TITLE.test(shell)) throw new Error('the app shell has no <title>');
  if (!shell.includes(EMPTY_ROOT))
    throw new Error('the app shell has no empty <div id="root"></div>');
  // Replacement functions, so that a `$` in the values is taken as it is.
  let html = shell.replace(TITLE, () => `<title>${fill.title}</title>`);
  if (fill.description !== undefined) {
    const tag = `<meta name="description" content="${fill.description}" />`;
    html = DESCRIPTION.test(html)
      ? html.replace(DESCRIPTION, () => tag)
      : html.replace('</head>', () => `${tag}</head>`);
  }
  html = html.replace('</head>', () => `${fill.head}</head>`);
  return html.replace(EMPTY_ROOT, () => `<div id="root">${fill.root}</div>${fill.afterRoot ?? ''}`);
}
