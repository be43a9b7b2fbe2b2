import { z } from 'zod';
import type { LoadedRules } from '../knowledge/rule-book.js';
import { CapabilityIdSchema, CapabilityStateSchema } from './capability-registry.js';
import { freshnessOf, sourceFreshnessOf } from './data-freshness.js';

export const StatusReportSchema = z.object({
  service: z.string(),
  contract_version: z.string(),
  generated_at: z.string(),
  rules_loaded_at: z.string(),
  capabilities: z.array(
    z.object({
      id: CapabilityIdSchema,
      name: z.string(),
      operation: z.string(),
      state: CapabilityStateSchema,
    }),
  ),
  summary: z.object({ active: z.number().int(), awaiting_integration: z.number().int() }),
  data_freshness: z.object({
    newest_verified_at: z.string().nullable(),
    oldest_verified_at: z.string().nullable(),
    dated_facts: z.number().int(),
    undated_facts: z.number().int(),
    note: z.string().nullable(),
  }),
  source_freshness: z.object({
    newest_checked_at: z.string().nullable(),
    oldest_checked_at: z.string().nullable(),
    checked_sources: z.number().int(),
    unchecked_sources: z.number().int(),
    stale_sources: z.number().int(),
    stale_after_days: z.number().int(),
    list: z.string(),
  }),
});
export type StatusReport = z.infer<typeof StatusReportSchema>;

/**
 * What `/status` and `/status.json` show for one rules snapshot: each capability with its state
 * (operations written with the `/api/v1` base), the freshness of the loaded facts, and when the
 * registered sources were last checked. Pure.
 */
export function buildStatusReport(rules: LoadedRules, now: Date, contractVersion: string): StatusReport {
  const capabilities = rules.capabilities.list.map((capability) => ({
    id: capability.id,
    name: capability.name,
    operation: capability.operation.replace(' /', ' /api/v1/'),
    state: capability.state,
  }));
  return {
    service: 'Schengen Information API',
    contract_version: contractVersion,
    generated_at: now.toISOString(),
    rules_loaded_at: rules.loadedAt.toISOString(),
    capabilities,
    summary: {
      active: capabilities.filter((capability) => capability.state === 'active').length,
      awaiting_integration: capabilities.filter((capability) => capability.state === 'awaiting_integration').length,
    },
    data_freshness: freshnessOf(rules),
    source_freshness: sourceFreshnessOf(rules, now.toISOString().slice(0, 10)),
  };
}
