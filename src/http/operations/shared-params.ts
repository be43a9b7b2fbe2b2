import { z } from 'zod';

/**
 * A country as callers send it: ISO 3166-1 alpha-2, any case (`fr`, `FR`; `EL` is accepted for
 * Greece). Normalised to upper case here; whether it is a Schengen state (404 / 422) is the
 * knowledge layer's decision.
 */
export const CountryCodeParamSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 alpha-2 country code, for example FR')
  .transform((code) => code.toUpperCase())
  .meta({ description: 'ISO 3166-1 alpha-2 code of a Schengen state, case-insensitive (`EL` is accepted for Greece).', example: 'FR' });
