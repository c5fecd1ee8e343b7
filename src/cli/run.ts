// Entry point of the bundled CLI (dist/cli.js).
import { main } from './main';

void main(process.argv).then((code) => {
  process.exitCode = code;
});
