import type { z } from 'zod';
import { CALCULATION_METHODS } from './financial-schemas.js';

/** One thing wrong in the rule files: where, what, and how to fix it. */
export interface RuleProblem {
  /** Path of the file, relative to the rules directory, e.g. `financial/fr.json`. */
  file: string;
  /** JSON path inside the file, e.g. `$.variants[0].bands[0].calculation.per_day`; `$` for the whole file. */
  path: string;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  fix: string;
}

/** Thrown by `loadRules` when the rule files are invalid; carries every problem found. */
export class RuleFilesError extends Error {
  constructor(readonly problems: readonly RuleProblem[]) {
    super(`The rule files are invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${formatRuleProblems(problems)}`);
    this.name = 'RuleFilesError';
  }
}

/** `$.a[0].b` from a path array. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return `$${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`;
}

/** The problems as the report prints them: one block per problem, file and path first. */
export function formatRuleProblems(problems: readonly RuleProblem[]): string {
  return problems.map((p) => `  ${p.file} ${p.path}\n    problem: ${p.message}\n    fix: ${p.fix}`).join('\n');
}

/** Turns the issues of a failed schema parse into problems with a fix for each kind of issue. */
export function problemsFromZod(file: string, error: z.ZodError, base: readonly PropertyKey[] = []): RuleProblem[] {
  return error.issues.map((issue) => {
    const path = jsonPath([...base, ...issue.path]);
    switch (issue.code) {
      case 'unrecognized_keys':
        return { file, path, message: `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`, fix: 'Remove the key or correct its spelling; see docs/rules-guide.md for the keys each file takes.' };
      case 'invalid_type':
        return issue.input === undefined
          ? { file, path, message: `required key is missing (expected ${issue.expected})`, fix: `Add the key with a ${issue.expected} value.` }
          : { file, path, message: `expected ${issue.expected}, got ${describe(issue.input)}`, fix: `Write a ${issue.expected} here.` };
      case 'invalid_value':
        return { file, path, message: `${describe(issue.input)} is not allowed`, fix: `Use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.` };
      case 'invalid_union':
        if (issue.path.at(-1) === 'method') {
          const input = issue.input as { method?: unknown } | undefined;
          return { file, path, message: `${describe(input?.method)} is not allowed as a calculation method`, fix: `Use one of: ${CALCULATION_METHODS.map((m) => `"${m}"`).join(', ')} (docs/rules-guide.md says which amounts each takes).` };
        }
        return { file, path, message: 'does not match any allowed shape', fix: 'Check the shape against docs/rules-guide.md.' };
      case 'too_small':
        return {
          file,
          path,
          message: `${issue.message} (got ${describe(issue.input)})`,
          fix:
            issue.origin === 'array'
              ? `Give at least ${String(issue.minimum)} item(s).`
              : issue.inclusive
                ? `Use a value of at least ${String(issue.minimum)}.`
                : `Use a number greater than ${String(issue.minimum)}.`,
        };
      case 'too_big':
        return { file, path, message: `${issue.message} (got ${describe(issue.input)})`, fix: `Use a value of at most ${String(issue.maximum)}.` };
      case 'invalid_format':
        return { file, path, message: `${describe(issue.input)} ${issue.message}`, fix: issue.format === 'regex' ? `Match the expected format (${issue.message}).` : `Write a valid ${issue.format}.` };
      default:
        return { file, path, message: issue.message, fix: 'Correct the value as the message says.' };
    }
  });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text && text.length > 60 ? `${text.slice(0, 57)}...` : String(text);
}
