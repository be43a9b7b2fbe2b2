import { setFlagsFromString } from 'node:v8';

/** V8's own default growth factor of the young generation (`node --v8-options`). */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Whether the operator sets how the young generation grows or starts (NODE_OPTIONS or node's
 * flags): then it is left alone. Its maximum (`--max-semi-space-size`, which `npm start` sets) only
 * bounds the growth after start-up, so it does not count.
 */
const tunedByOperator = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => /semi[-_]space[-_]growth|min[-_]semi[-_]space/.test(flag));

// Evaluated first: it is main.ts's only static import, and main.ts imports the server after it, so
// the hold covers the loading and top-level code of every other module as well as the start itself.
// Start-up allocates in one burst (modules, rule files, the financial totals warmed in the
// background) that V8 reads as steady load: it doubles the young generation up to 32 MB, which
// then stays resident although almost all of it is garbage. Held at its initial size until the
// warm-up is over, the server starts in about 25 MB less memory; afterwards V8 sizes it for the
// real load as usual.
if (!tunedByOperator) setFlagsFromString('--semi-space-growth-factor=1');

/** Lets V8 grow the young generation again, as by default; call once start-up is over. */
export function endStartUpHeap(): void {
  if (!tunedByOperator) setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
