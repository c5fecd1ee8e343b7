/**
 * `sumlens datasets list|get NAME|path NAME`: the human-scored sets SumLens knows by name,
 * downloading one (checksum-verified, resumable, from a mirror if asked), and where it is.
 * `meta`, `bench` and `replay` then take `--dataset NAME`.
 */
import type { Command } from 'commander';
import { downloadEntry, fileAddress } from '../../core/datasets/download';
import { datasetFolders, findDatasetFile, getCommand } from '../../core/datasets/locate';
import { datasetRegistry, entryBytes, registryEntry, type RegistryEntry } from '../../core/datasets/registry';
import { SumLensError } from '../../core/errors';
import { cancelOnInterrupt } from '../terminal';

interface GetFlags {
  mirror?: string;
  dir?: string;
}

export function registerDatasets(program: Command): void {
  const datasets = program
    .command('datasets')
    .description('the human-scored sets SumLens knows: list them, download one, or print where it is');
  datasets
    .command('list')
    .description('each set with its size, licence, and whether it is here')
    .option('--json', 'print the list as JSON')
    .action((flags: { json?: boolean }) => listDatasets(flags.json === true));
  datasets
    .command('get <name>')
    .description('download a set (SHA-256 checked; a broken download resumes) into the datasets cache')
    .option('--mirror <url>', 'fetch the same file paths from this base address (default: SUMLENS_DATASETS_MIRROR, else the canonical addresses)')
    .option('--dir <folder>', 'download into this folder instead of the cache')
    .action((name: string, flags: GetFlags) => getDataset(name, flags));
  datasets
    .command('path <name>')
    .description("print the path of a set's main file (what --dataset NAME reads)")
    .action((name: string) => printPath(name));
}

function known(name: string): RegistryEntry {
  const entry = registryEntry(name);
  if (!entry) {
    throw new SumLensError('usage', `no dataset "${name}"; known: ${datasetRegistry.map((e) => e.name).join(', ')}; see sumlens datasets list`);
  }
  return entry;
}

function listDatasets(json: boolean): void {
  const rows = datasetRegistry.map((entry) => ({
    name: entry.name,
    title: entry.title,
    licence: entry.licence,
    bytes: entryBytes(entry),
    path: findDatasetFile(entry.files[0].path) ?? null,
    files: entry.files,
  }));
  if (json) {
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return;
  }
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(20)} ${megabytes(row.bytes).padStart(8)}  ${row.path ? `here: ${row.path}` : `absent: ${getCommand(row.name)}`}\n` +
        `  ${row.title}\n  licence: ${row.licence}\n` +
        row.files.map((f) => `  ${f.url}\n    sha256 ${f.sha256}\n`).join(''),
    );
  }
}

async function getDataset(name: string, flags: GetFlags): Promise<void> {
  const entry = known(name);
  const folder = flags.dir ?? datasetFolders().downloads;
  const mirror = flags.mirror ?? (process.env.SUMLENS_DATASETS_MIRROR?.trim() || undefined);
  const interrupt = cancelOnInterrupt();
  const showProgress = process.stderr.isTTY;
  try {
    process.stderr.write(`sumlens: ${entry.name}: ${entry.files.length} file(s), ${megabytes(entryBytes(entry))} from ${mirror ?? 'the canonical addresses'}\n`);
    const outcomes = await downloadEntry(entry, folder, {
      mirror,
      signal: interrupt.signal,
      onProgress: showProgress
        ? ({ file, received, total }) => process.stderr.write(`\r\x1b[K${file} ${Math.floor((100 * received) / total)}%`)
        : undefined,
    });
    if (showProgress) process.stderr.write('\r\x1b[K');
    for (const [i, outcome] of outcomes.entries()) {
      const how = outcome.status === 'present' ? 'already here, checksum right' : `${outcome.status} from ${fileAddress(entry.files[i], mirror)}, checksum right`;
      process.stderr.write(`sumlens: ${outcome.path}: ${how}\n`);
    }
    process.stdout.write(`${outcomes[0].path}\n`);
  } finally {
    interrupt.dispose();
  }
}

function printPath(name: string): void {
  const entry = known(name);
  const found = findDatasetFile(entry.files[0].path);
  if (!found) throw new SumLensError('bad-input', `dataset "${entry.name}" is not here: get it with \`${getCommand(entry.name)}\``);
  process.stdout.write(`${found}\n`);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
