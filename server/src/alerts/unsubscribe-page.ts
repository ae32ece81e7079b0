/**
 * The small page a person opens from an alert e-mail's 'Unsubscribe' line: served by the server
 * itself (no script; it works under the app's Content-Security-Policy, which allows inline
 * styles and forms to this origin). It says what the link stops and asks with a button that
 * POSTs the form; after the POST it says what was stopped.
 */
import { escapeHtml } from '../platform/http/html';

export interface UnsubscribePage {
  title: string;
  /** The page's one heading (a question before, the outcome after). */
  heading: string;
  text: string;
  /** The form's action (this page with its token), when it asks. */
  action?: string;
}

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fafafa; }
main { max-width: 36rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.5rem; margin-top: 0; }
button { font: inherit; font-weight: 600; padding: 0.6rem 1.4rem; border: 0; border-radius: 4px;
  color: #fff; background: #0b57d0; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
a { color: #0b57d0; }`;

export function unsubscribePageHtml(page: UnsubscribePage): string {
  const form = page.action
    ? `<form method="post" action="${escapeHtml(page.action)}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      '<button type="submit">Unsubscribe</button></form>'
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · CarDealer</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.heading)}</h1>
<p>${escapeHtml(page.text)}</p>
${form}
<p><a href="/">Back to CarDealer</a></p>
</main>
</body>
</html>
`;
}
