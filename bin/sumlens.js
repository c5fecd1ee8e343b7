#!/usr/bin/env node
// The CLI is bundled into dist/cli.mjs (an ES module) by `npm run build` (run by npm ci /
// npm install via "prepare", and by `npm pack` via "prepack").

// Node 22.1 and later keep the compiled bundle on disk (in the system's temporary folder), so
// every run after the first skips compiling it: a third of a cold `eval`'s start-up. Node 20 has
// no such cache and goes on without it; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
require('node:module').enableCompileCache?.();
import('../dist/cli.mjs');
