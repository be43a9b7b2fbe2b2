#!/usr/bin/env node
import type { CliIo } from './command.js';
import { COMMANDS } from './commands/index.js';

/**
 * `svc <command> [args]`: the operator's command line. With `--json` anywhere, stdout holds
 * exactly one JSON document whatever happens: the command's own, the help as
 * `{ commands: [{ name, summary }] }` or `{ command, usage }`, or, when a command fails without
 * printing one, `{ error: { message } }` with the first line it wrote to stderr.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const [name, ...args] = json ? argv.filter((arg) => arg !== '--json') : argv;
  const printJson = (document: unknown) => io.out(`${JSON.stringify(document)}\n`);
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    if (json) printJson({ commands: COMMANDS.map(({ name: command, summary }) => ({ name: command, summary })) });
    else io.out(`Usage: svc <command> [options]\n\nCommands:\n${COMMANDS.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join('\n')}\n\nRun "svc <command> --help" for a command's options. Every command accepts --json.\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const message = `unknown command "${name}". Run "svc help" for the list.`;
    if (json) printJson({ error: { message } });
    io.err(`svc: ${message}\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    if (json) printJson({ command: command.name, usage: command.usage });
    else io.out(`${command.usage}\n`);
    return 0;
  }
  if (!json) return command.run(args, io);
  let printed = false;
  let errors = '';
  const code = await command.run([...args, '--json'], {
    ...io,
    out: (text) => {
      printed = true;
      io.out(text);
    },
    err: (text) => {
      errors += text;
      io.err(text);
    },
  });
  if (code !== 0 && !printed) printJson({ error: { message: errors.split('\n').find((line) => line.trim() !== '')?.replace(/^svc( [a-z-]+)*: /, '') ?? `svc ${name} failed (exit ${code})` } });
  return code;
}

const io: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

/**
 * Runs the command line of this process (`process.argv`) and exits with its code: what the `svc`
 * bin (bin/svc.js) and `node dist/cli/svc.js` do.
 */
export function runProcessCli(): void {
  runCli(process.argv.slice(2), io).then(exitAfterOutput, (error: unknown) => {
    io.err(`svc: ${error instanceof Error ? error.message : String(error)}\n`);
    exitAfterOutput(1);
  });
}

/**
 * Exits once what was written to stdout and stderr has left the process: on a pipe their writes
 * are asynchronous, and exiting at once cut `svc fixtures --json | jq` at 64 KB. The exit itself
 * stays explicit, as a database client or timer may still hold the event loop.
 */
function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

if (import.meta.url === `file://${process.argv[1]}`) runProcessCli();
