// Entry point of the bundled CLI (dist/cli.mjs).
import { main } from './main';

void main(process.argv).then((code) => {
  process.exitCode = code;
});
