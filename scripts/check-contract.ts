/**
 * Fails when the committed contract (api/openapi.json) or the generated code beside it (the API
 * slices, cardealerApi.ts and screenEndpoints.ts, and the enums and limits, limits.ts) is stale:
 * it regenerates them and asks git whether anything changed or was added.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');
const generated = ['api', 'src/lib/api/generated'];

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/codegen.ts'], {
  cwd: root,
  stdio: 'inherit',
});
const changes = execFileSync('git', ['status', '--porcelain', '--', ...generated], {
  cwd: root,
  encoding: 'utf8',
});
if (changes.trim()) {
  console.error(
    `The contract or the generated API code is stale:\n${changes}\nRun \`npm run codegen\` and commit the result.`,
  );
  process.exit(1);
}
console.log('contract and generated API slices are up to date');
