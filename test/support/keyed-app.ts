import { afterAll, beforeAll } from 'vitest';
import { makeApiKey } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/** The app and the `Authorization` header of its one API key, set by `useKeyedTestApp`'s hooks. */
export interface KeyedTestApp {
  t: TestApp;
  auth: string;
}

/**
 * Starts a test app with one API key (an account on an unlimited plan, as `makeApiKey` makes it)
 * before the tests of the calling suite and closes it after them. Read `t` and `auth` inside
 * tests and hooks, not while the suite is collected.
 */
export function useKeyedTestApp(): KeyedTestApp {
  const keyed = {} as KeyedTestApp;
  beforeAll(async () => {
    keyed.t = await createTestApp();
    keyed.auth = `Bearer ${(await makeApiKey(keyed.t)).key}`;
  });
  afterAll(async () => {
    await keyed.t.close();
  });
  return keyed;
}
