/**
 * The app's font stack: the system's own fonts, nothing downloaded. The web theme sets it, and the
 * pages the server renders before the app's scripts run use the same, so that the text painted
 * first has the size it keeps once the app draws over it.
 */
export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
