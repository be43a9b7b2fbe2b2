import { z } from 'zod';
import { ApiError } from '../../errors/api-error.js';
import type { CapabilityId } from '../../capabilities/capability-registry.js';
import { defineOperation } from '../operation.js';
import { CountryCodeParamSchema } from './shared-params.js';

/**
 * The four capabilities awaiting integration (spec 1.8). While the registry marks them
 * `awaiting_integration` the pipeline answers 501 before these handlers run. Their handlers
 * stand for the day the registry turns one on before its integration ships: they answer 501
 * too, so no path can return invented data.
 */
function notIntegrated(capability: CapabilityId): never {
  throw new ApiError('capability_not_available', `The ${capability} capability is awaiting integration; see /status.`, {
    capability,
  });
}

const NoData = z.null().meta({ description: 'Never returned while the capability awaits integration.' });

const AnalysisBodySchema = z
  .looseObject({})
  .meta({ description: 'Fields are defined when the capability is integrated; any JSON object is accepted until then.' });

export const getAppointments = defineOperation({
  id: 'getAppointments',
  method: 'get',
  path: '/appointments',
  capability: 'appointments',
  units: 1,
  summary: 'Appointment observation data (awaiting integration)',
  description: 'Observed appointment availability by country and provider. Awaiting integration: answers 501 `capability_not_available`.',
  query: z.strictObject({
    country: CountryCodeParamSchema,
    provider: z.string().min(1).max(100).optional().meta({ description: 'Appointment provider, 1 to 100 characters. Allowed values are published when the capability is integrated.', example: 'vfs_global' }),
  }),
  data: NoData,
  handle: () => notIntegrated('appointments'),
});

export const analyzeRefusal = defineOperation({
  id: 'analyzeRefusal',
  method: 'post',
  path: '/refusal/analyze',
  capability: 'refusal_analysis',
  units: 1,
  summary: 'Refusal analysis (awaiting integration)',
  description: 'Analysis of a visa refusal. Awaiting integration: answers 501 `capability_not_available`.',
  body: AnalysisBodySchema,
  data: NoData,
  handle: () => notIntegrated('refusal_analysis'),
});

export const analyzeEntryBan = defineOperation({
  id: 'analyzeEntryBan',
  method: 'post',
  path: '/entry-ban/analyze',
  capability: 'entry_ban_analysis',
  units: 1,
  summary: 'Entry-ban analysis (awaiting integration)',
  description: 'Analysis of an entry ban. Awaiting integration: answers 501 `capability_not_available`.',
  body: AnalysisBodySchema,
  data: NoData,
  handle: () => notIntegrated('entry_ban_analysis'),
});

export const analyzeVisaStatus = defineOperation({
  id: 'analyzeVisaStatus',
  method: 'post',
  path: '/visa-status/analyze',
  capability: 'visa_status_analysis',
  units: 1,
  summary: 'Visa result process analysis (awaiting integration)',
  description: 'Analysis of where a visa application stands. Awaiting integration: answers 501 `capability_not_available`.',
  body: AnalysisBodySchema,
  data: NoData,
  handle: () => notIntegrated('visa_status_analysis'),
});
