#!/usr/bin/env node
import type { CliIo } from './command.js';
import { COMMANDS } from './commands/index.js';

/** `svc <command> [args]`: the operator's command line. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(`Usage: svc <command> [options]\n\nCommands:\n${COMMANDS.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join('\n')}\n\nRun "svc <command> --help" for a command's options. Every command accepts --json.\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`svc: unknown command "${name}". Run "svc help" for the list.\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${command.usage}\n`);
    return 0;
  }
  return command.run(args, io);
}

const io: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2), io).then(
    (code) => process.exit(code),
    (error: unknown) => {
      io.err(`svc: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
