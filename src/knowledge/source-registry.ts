import { z } from 'zod';
import { CalendarDateSchema, type Source } from '../http/envelope.js';
import { IdSchema, IsoCodeSchema } from './fact.js';
import { TopicSchema, type Topic } from './topics.js';

/** One entry of `rules/sources.json`: the spec's Source record plus what the registry needs to filter. */
export const RegisteredSourceSchema = z
  .strictObject({
    id: IdSchema.meta({ description: 'Registry id the facts cite.' }),
    organization: z.string().min(1).meta({ description: 'Name of the publishing body.' }),
    url: z.url({ protocol: /^https?$/ }).meta({ description: 'Address of the source.' }),
    official: z.boolean().meta({ description: 'Whether the source is an official one (a government, EU institution or official journal).' }),
    last_checked_at: CalendarDateSchema.nullable().meta({
      description: 'Date of the version of the source that was read (the date it states, or the retrieval date of the archived copy), or null if unknown.',
    }),
    countries: z
      .array(z.union([IsoCodeSchema, z.literal('*')]))
      .min(1)
      .meta({ description: 'ISO codes of the states the source covers, or `*` for all.' }),
    topics: z.array(TopicSchema).min(1).meta({ description: 'Topics the source covers.' }),
    note: z.string().min(1).optional().meta({ description: 'What exactly was read, and any caveat about the address.' }),
  })
  .meta({ id: 'RegisteredSource', description: 'A source of the registry (spec 2.3 plus id, countries and topics).' });
export type RegisteredSource = z.infer<typeof RegisteredSourceSchema>;

export const SourcesFileSchema = z.strictObject({
  $comment: z.string().optional(),
  sources: z.array(RegisteredSourceSchema).min(1),
});

/** The source registry of one rules snapshot; read-only. */
export class SourceRegistry {
  private readonly byId: ReadonlyMap<string, RegisteredSource>;

  constructor(readonly list: readonly RegisteredSource[]) {
    this.byId = new Map(list.map((source) => [source.id, source]));
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): RegisteredSource | undefined {
    return this.byId.get(id);
  }

  /**
   * The spec's Source records for a set of ids, deduplicated, in registry order (so two
   * responses resting on the same sources list them identically). An unknown id is a
   * programming error here: the loader has already checked every reference.
   */
  resolve(ids: Iterable<string>): Source[] {
    const wanted = new Set(ids);
    for (const id of wanted) if (!this.byId.has(id)) throw new Error(`source "${id}" is not in the registry`);
    return this.list.filter((source) => wanted.has(source.id)).map(toSource);
  }

  /** Registry entries covering a country (or all states) and a topic; either filter may be absent. */
  filter(filter: { country?: string; topic?: Topic }): RegisteredSource[] {
    return this.list.filter(
      (source) =>
        (!filter.country || source.countries.includes('*') || source.countries.includes(filter.country)) &&
        (!filter.topic || source.topics.includes(filter.topic)),
    );
  }
}

/** The spec 2.3 Source record of a registry entry. */
export function toSource(source: RegisteredSource): Source {
  return { organization: source.organization, url: source.url, official: source.official, last_checked_at: source.last_checked_at };
}
