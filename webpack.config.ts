import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { resolve } from 'node:path';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';

/** The build-time configuration the web app reads (src/config/env.ts), with local defaults. */
export const clientEnvKeys = [
  'APP_MODE',
  'API_ORIGIN',
  'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_APP_ID',
  'AUTH_EMULATOR_URL',
] as const;

export function clientEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(clientEnvKeys.map((key) => [key, env[key] ?? '']));
}

export default function config(
  _env: unknown,
  argv: { mode?: 'production' | 'development' },
): Configuration {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  const defined = Object.fromEntries(
    Object.entries({ ...clientEnv(), NODE_ENV: mode }).map(([key, value]) => [
      `process.env.${key}`,
      JSON.stringify(value),
    ]),
  );
  return {
    mode,
    entry: { main: resolve(__dirname, 'src/main.tsx') },
    output: {
      // WEB_ROOT lets a test run build into its own folder without touching dist/.
      path: resolve(__dirname, process.env.WEB_ROOT || 'dist'),
      // Eight hex digits of the content's hash tell a file's versions apart (the server caches
      // such names for good: server/src/pages/web-app.ts); the start-up script holds one per chunk,
      // so two more per chunk would cost about 0.15 KB gzip on every page.
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // react-router publishes its production build without an export condition for it.
      alias: production
        ? {
            'react-router$': resolve(
              __dirname,
              'node_modules/react-router/dist/production/index.mjs',
            ),
            'react-router/dom$': resolve(
              __dirname,
              'node_modules/react-router/dist/production/dom-export.mjs',
            ),
          }
        : {},
    },
    module: {
      rules: [
        {
          // Emotion imports it bare (for withTheme, which we do not use); the package does not
          // say it has no side effects, so webpack would keep it and react-is (1.3 KB gzip).
          test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/,
          sideEffects: false,
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Type checking is its own step (`npm run typecheck`).
            options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: true } },
          },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(defined),
      // MUI's CSS-variables theming, which our theme does not use (src/app/muiWithoutCssVars.ts).
      new webpack.NormalModuleReplacementPlugin(
        /^\.\/(?:createThemeWithVars|ThemeProviderWithVars)\.m?js$/,
        (resource: { context: string; request: string }) => {
          if (/@mui[\\/]material[\\/]styles$/.test(resource.context)) {
            resource.request = resolve(__dirname, 'src/app/muiWithoutCssVars.ts');
          }
        },
      ),
      // V8's explicit compile hint: a script's functions are compiled eagerly, while it streams
      // in on a background thread, instead of one by one on the main thread the first time each
      // runs. For the start-up script and the screens' code, which run as soon as they arrive;
      // not for the two big libraries that are loaded whole and used in part (Firebase, the
      // admin grid). Added after minification, which would drop the comment.
      new webpack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        include: /\.js$/,
        exclude: [/^assets\/firebase\./, /^assets\/datagrid\./],
        stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
      new HtmlWebpackPlugin({
        template: resolve(__dirname, 'public/index.html'),
        scriptLoading: 'defer',
      }),
      new CopyPlugin({
        patterns: [
          { from: resolve(__dirname, 'public'), globOptions: { ignore: ['**/index.html'] } },
        ],
      }),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          terserOptions: { compress: { passes: 2 } },
        }),
      ],
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // The admin pages' grid, in a chunk of its own name (see the compile hint above).
          datagrid: {
            test: /[\\/]node_modules[\\/]@mui[\\/]x-/,
            name: 'datagrid',
            chunks: 'async',
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      // Demo mode is for this machine (as the API server's own default): HOST=0.0.0.0 opens it.
      host: process.env.HOST || '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      proxy: [
        {
          context: [
            '/api',
            '/image-host',
            // The sign-in emulator's REST paths, which the API server proxies in demo mode.
            '/identitytoolkit.googleapis.com',
            '/securetoken.googleapis.com',
            '/emulator',
          ],
          target: `http://127.0.0.1:${process.env.PORT ?? 8080}`,
        },
      ],
    },
  };
}
