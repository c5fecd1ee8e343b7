#!/usr/bin/env node
// The CLI is bundled into dist/cli.mjs (an ES module) by `npm run build` (run by npm ci /
// npm install via "prepare", and by `npm pack` via "prepack").
import('../dist/cli.mjs');
