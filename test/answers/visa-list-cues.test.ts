import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';

// "Which nationalities need a visa?" asks for the EU visa lists, not for the asker's own case.
// English says so with the cues of country-parts.ts; another language with `fact_cues` under
// `visa_requirement` (annex_i: asking for the list, annex_ii: its visa-free side).
const withGermanCues = (cues: Record<string, string[]> | null): AnswerContext => {
  const dir = mkdtempSync(join(tmpdir(), 'visa-list-cues-'));
  cpSync('rules', dir, { recursive: true });
  const german = JSON.parse(readFileSync(join(dir, 'language/de.json'), 'utf8'));
  german.fact_cues = { ...(german.fact_cues ?? {}), topics: { ...(german.fact_cues?.topics ?? {}) } };
  if (cues) german.fact_cues.topics.visa_requirement = cues;
  else delete german.fact_cues.topics.visa_requirement;
  writeFileSync(join(dir, 'language/de.json'), JSON.stringify(german));
  const loaded = loadRules(dir);
  rmSync(dir, { recursive: true, force: true });
  return { knowledge: loaded.knowledge, language: loaded.language, capabilities: loaded.capabilities };
};
const cues = { 'visa_requirement.annex_i': ['welche staatsangehörigen'], 'visa_requirement.annex_ii': ['kein visum'] };

describe('the visa lists asked for in another language', () => {
  it('gives Annex I for "which nationals need a visa" with a cue of the language', async () => {
    const data = (await composeAnswer({ question: 'Welche Staatsangehörigen brauchen ein Visum für Deutschland?' }, withGermanCues(cues))).data;
    expect(data.answer?.facts.map((fact) => fact.id)).toEqual(['visa_requirement.annex_i']);
  });

  it('gives Annex II when the question turns to those who need none', async () => {
    const data = (await composeAnswer({ question: 'Welche Staatsangehörigen brauchen kein Visum für Deutschland?' }, withGermanCues(cues))).data;
    expect(data.answer?.facts.map((fact) => fact.id)).toEqual(['visa_requirement.annex_ii']);
  });

  it('keeps a question without the list cue missing its nationality, even with the visa-free cue', async () => {
    const data = (await composeAnswer({ question: 'Brauche ich kein Visum für Deutschland?' }, withGermanCues(cues))).data;
    expect(data.answer).toBeNull();
    expect(data.reason).toBe('missing_nationality');
  });

  it('asks for the nationality when the language names no list cue', async () => {
    const data = (await composeAnswer({ question: 'Welche Staatsangehörigen brauchen ein Visum für Deutschland?' }, withGermanCues(null))).data;
    expect(data.answer).toBeNull();
    expect(data.reason).toBe('missing_nationality');
  });
});
