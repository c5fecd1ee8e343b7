/**
 * Loads run/engine.ts on first use. Bundled, it is dist/engine.js beside dist/extension.js;
 * compiled by tsc, engine.js beside this file: `require` of a computed path leaves it out of
 * the extension's own bundle either way.
 */
import * as path from 'path';

export type Engine = typeof import('./engine');

let engine: Engine | undefined;

export function loadEngine(): Engine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  engine ??= require(path.join(__dirname, 'engine.js')) as Engine;
  return engine;
}
