import { ConfigError } from '../config';

/** Runs a command-line script's main and exits with its code; configuration errors read plainly. */
export function runScript(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
      process.exit(1);
    },
  );
}
