/** Where `npm start` serves the API with no configuration (config defaults HOST and PORT). */
export const LOCAL_URL = 'http://127.0.0.1:3000';

/** One step of the first hour: what it achieves, the shell commands, and what to look at. */
export interface GettingStartedStep {
  title: string;
  /** Shell lines, run as written from the clone (`$KEY` is the key of step 1). */
  commands: readonly string[];
  /** Markdown, one paragraph. */
  explanation: string;
}

/**
 * "Get a key → first call → read the answer", written once: `/docs` opens with it (the OpenAPI
 * description links there), and the README's getting-started must list the same commands
 * (test/foundation/readme.test.ts), so the three cannot drift apart.
 */
export const GETTING_STARTED: readonly GettingStartedStep[] = [
  {
    title: 'Get a key',
    commands: ['npx svc accounts create --name "Me"', 'npx svc keys create --account <account-id> --mode test', 'export KEY=svc_test_…'],
    explanation:
      'On the machine that runs the server (`npm ci && npm start`), the operator command line creates an account (it prints `acct_…`) and a test key for it. The key is printed once, never stored in clear: keep it. Test keys are free and not billed (`meta.livemode: false`).',
  },
  {
    title: 'Make a first call',
    commands: [`curl -H "Authorization: Bearer $KEY" ${LOCAL_URL}/api/v1/countries/FR`],
    explanation:
      'Every call sends the key as `Authorization: Bearer <key>`. A success is `{request_id, data, meta}`; an error is `{request_id, error: {code, message}}` with the codes listed under each operation below. Every response carries `X-Request-Id` and the `X-RateLimit-*` headers.',
  },
  {
    title: 'Read the answer',
    commands: [`curl -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d '{"question":"What is the visa fee for an adult?"}' ${LOCAL_URL}/api/v1/answer`],
    explanation:
      '`data.answer.text` is the answer in words; `data.answer.facts` are the facts it rests on, each with a `kind` that says the shape of its `value` (`money`: `{amount, currency}`); `meta.sources` lists the sources with the date each was checked, and `meta.last_verified_at` the oldest date. A question the rules cannot answer gets `answer: null` and a `reason`, never an estimate.',
  },
];
