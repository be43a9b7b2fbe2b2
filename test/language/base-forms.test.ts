import { describe, expect, it } from 'vitest';
import { baseForms } from '../../src/language/base-forms.js';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { tables } from './tables.js';

describe('base forms of inflected words', () => {
  it.each([
    ['decides', 'decide'],
    ['decided', 'decide'],
    ['deciding', 'decide'],
    ['payslips', 'payslip'],
    ['applies', 'apply'],
    ['applied', 'apply'],
    ['refunded', 'refund'],
  ])('offers "%s" → "%s"', (word, base) => expect(baseForms(word)).toContain(base));

  it.each(['visa', 'is', 'pass', 'class', 'swiss'])('offers no form of "%s", which is not inflected', (word) => {
    expect(baseForms(word)).toEqual([]);
  });

  it('lets an inflected question word match a one-word signal, with evidence', () => {
    const result = classifyQuestion(tables, 'how many weeks until the Polish consulate decides');
    expect(result.intent, JSON.stringify(result.evidence)).toBe('processing_time');
    expect(result.evidence.some((e) => e.field === 'intent' && e.matched === 'decides')).toBe(true);
  });
});
