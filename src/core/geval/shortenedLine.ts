/**
 * The provenance line of an aspect shown excerpts of its source (fitSource.ts), and what is
 * left of it where a front end says the shortening once in a place of its own (the CLI's line
 * under the table, the panel's section above the cards): only a refit, which that place does
 * not say. (Bundled into the panel's script as well: no imports here.)
 */
export const SHORTENED_PREFIX = 'source shortened: ';
const REFIT = / \((fitted again after [^()]*)\)$/;

/** The fallbacks with each shortening line left out, or cut to its refit. */
export function withoutShortening(fallbacks: readonly string[]): string[] {
  return fallbacks.flatMap((line) => {
    if (!line.startsWith(SHORTENED_PREFIX)) return [line];
    const refit = REFIT.exec(line);
    return refit ? [`excerpts ${refit[1]}`] : [];
  });
}
