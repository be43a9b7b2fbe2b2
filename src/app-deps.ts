import type { AccessControl } from './access/caller.js';
import type { Config } from './config.js';
import type { RuleBook } from './knowledge/rule-book.js';
import type { Logger } from './logger.js';

/** Whether the server is draining for shutdown; new requests then get 503. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * The collaborators the app is built from. `server.ts` builds the real ones once; tests build
 * their own (real SQLite files, real rules) and pass them in. No module keeps a singleton.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The current time; tests pass a fixed or advancing clock. */
  clock: () => Date;
  access: AccessControl;
  rules: RuleBook;
  lifecycle: Lifecycle;
}
