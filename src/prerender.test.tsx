/**
 * @jest-environment node
 */
// The build's server rendering of the public pages (scripts/prerender.ts writes these into HTML).
import { prerenderPage } from './prerender';

it('renders the home page with its sections, title and styles, and a spinner where data goes', async () => {
  const page = await prerenderPage('/');
  expect(page.title).toBe('car dealer home');
  expect(page.html).toContain('Need some new');
  expect(page.html).toContain('Category');
  // The categories come from the API after hydration: their space shows the spinner meanwhile.
  expect(page.html).toMatch(/role="status" aria-label="Loading the categories"/);
  expect(page.styles).toMatch(/^<style data-emotion="css-global/);
  expect(page.styles).toMatch(/<style data-emotion="css [\w- ]+">/);
  // The CSP allows no inline script.
  expect(page.html).not.toMatch(/<script/i);
});

it.each([
  ['/blogs', 'CarDealer blogs', 'Blogs'],
  ['/login', 'login', 'continue with goole'],
  ['/register', 'register', 'Register'],
  ['/no-such-page', 'Page not found', 'Opps.. page not found'],
  ['/value', 'What&#x27;s my car worth? | CarDealer', 'Value my car'],
])('renders %s whole, with no inline script', async (path, title, text) => {
  const page = await prerenderPage(path);
  expect(page.title).toBe(title);
  expect(page.html).toContain(text);
  expect(page.html).not.toMatch(/<script/i);
});

it('renders the navigation bar without the session-dependent links showing', async () => {
  const page = await prerenderPage('/blogs');
  expect(page.html).toMatch(/href="\/home"[^>]*>Home</);
  // Register and Login hold their place unseen until the browser has read the session.
  expect(page.html).not.toMatch(/href="\/login"[^>]*>Login</);
  expect(page.html).toMatch(/aria-hidden="true"[^>]*>Login</);
});
