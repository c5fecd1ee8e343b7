#!/usr/bin/env node
// The CLI is bundled into dist/cli.js by `npm run build` (run by npm ci / npm install via "prepare").
require('../dist/cli.js');
