/** Where a command writes: stdout for results, stderr for progress and errors. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

/**
 * One `svc` command. `run` receives the arguments after the command name and returns the
 * process exit code (0 success, 1 a failure the command reports, 2 a usage error).
 * Every command accepts `--json` and then prints one JSON document on stdout.
 */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}
