import { performance } from 'node:perf_hooks';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';
import { measureLoad, type BenchRow, type BenchSection } from '../bench-section.js';

const LOADS: { name: string; path: string }[] = [
  { name: 'GET /countries', path: '/countries' },
  { name: 'GET /countries/FR', path: '/countries/FR' },
  { name: 'GET /requirements FR', path: '/requirements?country=FR' },
  { name: 'GET /financial-requirements IT 7 days', path: '/financial-requirements?country=IT&days=7' },
  { name: 'GET /sources topic=fees', path: '/sources?topic=fees' },
];

/** Microseconds per call of the domain functions behind the knowledge endpoints, after warm-up. */
async function domainMicroseconds(): Promise<string> {
  const knowledge = loadKnowledge('rules');
  const states = knowledge.memberCodes();
  const calls = 20_000;
  const time = async (run: (i: number) => unknown) => {
    for (let i = 0; i < 2_000; i += 1) await run(i);
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) await run(i);
    return (((performance.now() - start) / calls) * 1000).toFixed(2);
  };
  const engineStart = performance.now();
  for (const iso of states) for (let days = 1; days <= 90; days += 1) await knowledge.financialRequirement(iso, days);
  const firstEvaluation = (((performance.now() - engineStart) / (states.length * 90)) * 1000).toFixed(1);
  const parts = [
    `country record ${await time((i) => knowledge.countryInformation(states[i % states.length] ?? 'FR'))} µs`,
    `requirements ${await time((i) => knowledge.documentRequirements(states[i % states.length] ?? 'FR', null))} µs`,
    `financial (cached) ${await time((i) => knowledge.financialRequirement(states[i % states.length] ?? 'FR', (i % 90) + 1))} µs`,
    `financial first evaluation by json-rules-engine ${firstEvaluation} µs`,
  ];
  return `in process, per call: ${parts.join('; ')}`;
}

/** Loads of the five knowledge endpoints (computed once per rules load, so a request costs the pipeline only). */
export const knowledgeSection: BenchSection = {
  name: 'knowledge',
  summary: 'GET /countries, /countries/{country}, /requirements, /financial-requirements, /sources with a live key',
  async run(context) {
    const rows: BenchRow[] = [];
    for (const load of LOADS) {
      const result = await measureLoad({
        url: `${context.api.url}/api/v1${load.path}`,
        headers: { authorization: `Bearer ${context.liveKey}` },
        connections: context.connections,
        durationSeconds: context.durationSeconds,
      });
      rows.push({ section: 'knowledge', name: load.name, ...result });
    }
    const last = rows.at(-1);
    if (last) last.notes = await domainMicroseconds();
    return rows;
  },
};
