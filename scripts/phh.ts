/**
 * `npm run -s phh -- replay FILE...`: replays each PHH file through the engine and prints one JSON
 * line per file, `{"file", "finishing_stacks"}` or `{"file", "error"}`. A bad file is an error
 * line, never a crash; the exit code is non-zero only when the command itself cannot run.
 * (It was `libs/engine/src/phh/cli.ts`; the engine does no I/O, so its command line lives here.)
 */
import { readFileSync } from 'node:fs';
import { replayPhhText } from '@naiko/engine';

function replayFile(file: string): Record<string, unknown> {
  try {
    const phhReplay = replayPhhText(readFileSync(file, 'utf8'));
    return { file, finishing_stacks: phhReplay.finishingStacks };
  } catch (error) {
    return { file, error: error instanceof Error ? error.message : String(error) };
  }
}

function main(argv: string[]): number {
  const [command, ...files] = argv;
  if (command !== 'replay' || files.length === 0) {
    process.stderr.write('usage: npm run -s phh -- replay FILE...\n');
    return 2;
  }
  for (const file of files) process.stdout.write(JSON.stringify(replayFile(file)) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
