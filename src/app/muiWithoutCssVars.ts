/**
 * Stands in for MUI's CSS-variables theme code in the browser bundle (webpack.config.ts swaps it in
 * for `@mui/material/styles/createThemeWithVars` and `ThemeProviderWithVars`). Our theme has no
 * `cssVariables` and no `colorSchemes`, so MUI takes its plain path and never calls these; leaving
 * them out takes about 7 KB gzip off the code every page loads first.
 */
function unused(name: string): never {
  throw new Error(`${name}: CSS-variable themes are left out of this build (src/app/theme.ts)`);
}

export default function createThemeWithVars(): never {
  return unused('createThemeWithVars');
}
export function CssVarsProvider(): never {
  return unused('CssVarsProvider');
}
export function useColorScheme(): never {
  return unused('useColorScheme');
}
export function getInitColorSchemeScript(): never {
  return unused('getInitColorSchemeScript');
}
