import { describe, expect, it } from 'vitest';
import { answerInvariantProblems, numbersInText } from '../../src/quality/check-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';

// The checks the fixture runner and the tests apply must be able to fail: each row breaks one rule.
const registry = loadRules('rules').knowledge.sources;
const [first, second] = registry.list;

function envelope(answer: unknown, meta: Partial<{ sources: { url: string }[]; last_verified_at: string | null; units: number }> = {}, reason: string | null = null) {
  return {
    status: 200,
    body: {
      data: { answer, reason },
      meta: { units: 2, sources: [{ url: first?.url }], last_verified_at: '2026-01-01', ...meta },
    },
  };
}

describe('answer invariants', () => {
  it('accept a sound answer', () => {
    const sound = envelope({ text: 'The visa fee for an adult is €90.', facts: [{ id: 'fees.adult', value: 90, sources: [first?.id] }] });
    expect(answerInvariantProblems(sound, registry)).toEqual([]);
  });

  it.each([
    { name: 'a number in the text that no fact holds', res: envelope({ text: 'The fee is €90 or €80.', facts: [{ id: 'fees.adult', value: 90, sources: [first?.id] }] }), problem: 'the text states 80' },
    { name: 'an address in the text that no fact holds', res: envelope({ text: 'The fee is €90; see https://example.org/fees.', facts: [{ id: 'fees.adult', value: 90, sources: [first?.id] }] }), problem: 'the text links https://example.org/fees, which' },
    { name: 'a fact without a source', res: envelope({ text: 'The fee is €90.', facts: [{ id: 'fees.adult', value: 90, sources: [] }] }, { sources: [] }), problem: 'has no source' },
    { name: 'a fact citing an unregistered source', res: envelope({ text: 'The fee is €90.', facts: [{ id: 'fees.adult', value: 90, sources: ['no-such-source'] }] }, { sources: [] }), problem: 'not in the source registry' },
    { name: 'a meta source no fact cites', res: envelope({ text: 'The fee is €90.', facts: [{ id: 'fees.adult', value: 90, sources: [first?.id] }] }, { sources: [{ url: first?.url ?? '' }, { url: second?.url ?? '' }] }), problem: 'which no fact cites' },
    { name: 'a cited source missing from meta', res: envelope({ text: 'The fee is €90.', facts: [{ id: 'fees.adult', value: 90, sources: [first?.id, second?.id] }] }), problem: 'meta.sources lacks' },
    { name: 'a null answer citing sources', res: envelope(null, {}, 'no_matching_rule'), problem: 'must cite none' },
    { name: 'a null answer without a reason', res: envelope(null, { sources: [], last_verified_at: null }), problem: 'has no reason' },
    { name: 'a charge other than 2 units', res: envelope(null, { sources: [], last_verified_at: null, units: 1 }, 'out_of_scope'), problem: 'meta.units is 1' },
  ])('reject $name', ({ res, problem }) => {
    expect(answerInvariantProblems(res, registry).join('\n')).toContain(problem);
  });

  it.each([
    ['€1,043.28 for 30 days', [1043.28, 30]],
    ['any 180-day period', [180]],
    ['12 October 2025', [12, 2025]],
    ['no numbers', []],
  ] as const)('read the numbers of %j', (text, numbers) => {
    expect(numbersInText(text)).toEqual(numbers);
  });
});
