/**
 * `npm run dev`: the sign-in emulator, the API server (restarted on change by tsx watch) and
 * webpack-dev-server with hot reload on http://localhost:3000, proxying /api and /image-host.
 * Both listen on 127.0.0.1 unless HOST says otherwise (demo mode is not for strangers).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import makeConfig from '../webpack.config';
import { checkEmulatorPorts, startEmulator, waitUntilUp } from './lib/emulator';

const root = resolve(__dirname, '..');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
const apiPort = Number(process.env.PORT ?? 8080);

async function main(): Promise<void> {
  const configFile = join(root, 'firebase.json');
  await checkEmulatorPorts(configFile);
  const emulator = startEmulator({
    configFile,
    authPort: 9099,
    hubPort: 4400,
    persistDir: join(dataDir, 'auth-emulator'),
    logFile: join(dataDir, 'logs', 'emulator.log'),
  });
  const api = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      'watch',
      join(root, 'server', 'src', 'main.ts'),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        LOG_LEVEL: 'warn',
        ...process.env,
        APP_MODE: 'demo',
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
    },
  );
  const config = makeConfig({}, { mode: 'development' });
  const devServer = new WebpackDevServer(config.devServer, webpack(config));
  const stop = async () => {
    await devServer.stop();
    api.kill('SIGTERM');
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await waitUntilUp(emulator.host, 60_000, emulator.process);
  await devServer.start();
  console.log(
    `\nDevelopment server: http://localhost:${config.devServer?.port ?? 3000} (API on :${apiPort})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
