/**
 * Known robots by their user agent: search engines' crawlers, link previews, uptime checks,
 * audits (Lighthouse) and command-line clients. A browser driven by a test (HeadlessChrome) is a
 * browser: it counts, as a person's would.
 */
const ROBOT_AGENTS = new RegExp(
  [
    'bot\\b',
    'bot/',
    'bot-',
    'crawl',
    'spider',
    'slurp',
    'lighthouse',
    'pagespeed',
    'facebookexternalhit',
    'facebookcatalog',
    'embedly',
    'bingpreview',
    'whatsapp',
    'skypeuripreview',
    'pinterest',
    'ia_archiver',
    'archive\\.org',
    'mediapartners',
    'feedfetcher',
    'validator',
    'monitor',
    'pingdom',
    'uptime',
    '^curl/',
    '^wget/',
    '^python-',
    '^go-http-client',
    '^java/',
    '^okhttp',
    '^node-fetch',
    '^axios/',
    '^undici',
    '^libwww',
    '^apache-httpclient',
    '^postmanruntime',
  ].join('|'),
  'i',
);

/** Whether a request's user agent is a known robot's (or missing: no browser sends none). */
export function isRobot(userAgent: string | undefined): boolean {
  if (!userAgent || !userAgent.trim()) return true;
  return ROBOT_AGENTS.test(userAgent);
}
