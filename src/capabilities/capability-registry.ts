import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { RuleFilesError, problemsFromZod } from '../knowledge/rule-problem.js';

export const CAPABILITY_IDS = [
  'route',
  'classify',
  'countries',
  'country',
  'requirements',
  'financial_requirements',
  'sources',
  'answer',
  'appointments',
  'refusal_analysis',
  'entry_ban_analysis',
  'visa_status_analysis',
] as const;
export const CapabilityIdSchema = z.enum(CAPABILITY_IDS);
export type CapabilityId = z.infer<typeof CapabilityIdSchema>;

export const CapabilityStateSchema = z.enum(['active', 'awaiting_integration']);
export type CapabilityState = z.infer<typeof CapabilityStateSchema>;

export const CapabilitySchema = z.strictObject({
  id: CapabilityIdSchema,
  name: z.string().min(1),
  operation: z.string().regex(/^(GET|POST) \//),
  state: CapabilityStateSchema,
});
export type Capability = z.infer<typeof CapabilitySchema>;

export const CapabilityFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    capabilities: z.array(CapabilitySchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.capabilities.forEach((capability, index) => {
      if (seen.has(capability.id)) {
        ctx.addIssue({ code: 'custom', path: ['capabilities', index, 'id'], message: `duplicate capability "${capability.id}"` });
      }
      seen.add(capability.id);
    });
    for (const id of CAPABILITY_IDS) {
      if (!seen.has(id)) ctx.addIssue({ code: 'custom', path: ['capabilities'], message: `capability "${id}" is missing` });
    }
  });

/** The twelve capabilities and their state; read-only after construction. */
export class CapabilityRegistry {
  private readonly byId: ReadonlyMap<CapabilityId, Capability>;

  constructor(readonly list: readonly Capability[]) {
    this.byId = new Map(list.map((capability) => [capability.id, capability]));
  }

  get(id: CapabilityId): Capability {
    const capability = this.byId.get(id);
    if (!capability) throw new Error(`capability ${id} is not in the registry`);
    return capability;
  }

  isActive(id: CapabilityId): boolean {
    return this.get(id).state === 'active';
  }
}

/** Parses the registry file's JSON; throws a RuleFilesError naming the file, each JSON path and its fix. */
export function parseCapabilityFile(json: unknown, fileName: string): CapabilityRegistry {
  const result = CapabilityFileSchema.safeParse(json, { reportInput: true });
  if (!result.success) throw new RuleFilesError(problemsFromZod(fileName, result.error));
  return new CapabilityRegistry(result.data.capabilities);
}

/** Reads and validates the registry at `path`; problems name it as `file` (relative to the rules folder). */
export function loadCapabilityRegistry(path: string, file = basename(path)): CapabilityRegistry {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new RuleFilesError([{ file, path: '$', message: `cannot read ${path} as JSON (${(error as Error).message})`, fix: 'Restore the file or correct its JSON syntax.' }]);
  }
  return parseCapabilityFile(json, file);
}
