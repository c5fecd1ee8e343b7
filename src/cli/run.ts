// Entry point of the bundled CLI (dist/cli.mjs).
import { processIo } from './io';
import { main } from './main';

void main(process.argv, processIo(), true).then((code) => {
  process.exitCode = code;
});
