import type { Operation } from '../operation.js';
import { answerQuestion } from './answer-question.js';
import { analyzeEntryBan, analyzeRefusal, analyzeVisaStatus, getAppointments } from './awaiting-integration.js';
import { classifyQuestionOperation } from './classify-question.js';
import { getCountry } from './get-country.js';
import { getFinancialRequirements } from './get-financial-requirements.js';
import { getRequirements } from './get-requirements.js';
import { listCountries } from './list-countries.js';
import { listSources } from './list-sources.js';
import { routeQuestionOperation } from './route-question.js';

/**
 * Every operation of the API, in the order of the spec's table (section 4). The pipeline and
 * the OpenAPI document are both built from this list.
 */
export const OPERATIONS: readonly Operation[] = [
  routeQuestionOperation,
  classifyQuestionOperation,
  listCountries,
  getCountry,
  getRequirements,
  getFinancialRequirements,
  listSources,
  answerQuestion,
  getAppointments,
  analyzeRefusal,
  analyzeEntryBan,
  analyzeVisaStatus,
] as readonly Operation[];
