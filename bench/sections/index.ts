import type { BenchSection } from '../bench-section.js';
import { answerSection } from '../answer.js';
import { classifySection } from './classify.js';
import { knowledgeSection } from './knowledge.js';
import { meteredVsBare } from './metered-vs-bare.js';
import { sharedLimits } from './shared-limits.js';
import { startUpSection } from './start-up.js';

/** Every bench section, run in this order. Add yours here (one file per section in bench/sections/). */
export const BENCH_SECTIONS: readonly BenchSection[] = [startUpSection, meteredVsBare, answerSection, classifySection, knowledgeSection, sharedLimits];
