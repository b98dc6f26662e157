#!/usr/bin/env -S node --import tsx
/**
 * `pnpm sandbox`: starts the sandbox from the environment (see optionsFromEnv) and prints its
 * URLs; SIGINT/SIGTERM close the server and the database cleanly.
 */
import { optionsFromEnv } from './optionsFromEnv.js';
import { startSandbox } from './startSandbox.js';

async function main(): Promise<void> {
  const sandbox = await startSandbox({ ...optionsFromEnv(process.env), ownsProcess: true });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing the sandbox…`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The sandbox did not close cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The sandbox could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
