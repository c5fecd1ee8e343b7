/**
 * Loads run/engine.ts on first use. Bundled, it is dist/engine.js beside dist/extension.js;
 * compiled by tsc, engine.js beside this file: `require` of a computed path leaves it out of
 * the extension's own bundle either way.
 */
import * as path from 'path';
import * as vscode from 'vscode';

export type Engine = typeof import('./engine');

let engine: Engine | undefined;

/** Where the engine's module is: the review status's worker thread loads it too. */
export const enginePath = (): string => path.join(__dirname, 'engine.js');

export function loadEngine(): Engine {
  if (!engine) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    engine = require(enginePath()) as Engine;
    engine.useVscode(vscode);
  }
  return engine;
}
