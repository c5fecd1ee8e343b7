/**
 * The YAML parser, loaded on first use. A run on the built-in templates never needs it (their
 * front matter is parsed when the package is built: prompts/frontMatterTable.ts), and loading
 * it costs about 20 ms of CPU at start-up, a tenth of a cold `sumlens eval`.
 */
import type * as Yaml from 'yaml';

let library: typeof Yaml | undefined;

export function yaml(): typeof Yaml {
  // A plain require keeps it lazy in both builds: tsc's CommonJS and esbuild's bundle, which wraps
  // a required module in a function that runs on the first call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  library ??= require('yaml') as typeof Yaml;
  return library;
}
