/**
 * `sumlens datasets list|get NAME|path NAME`: the human-scored sets SumLens knows by name,
 * downloading one (checksum-verified, resumable, from a mirror if asked) or taking the user's
 * copy of a set no address publishes as one file (`--from FILE`, checksum-verified), and where
 * it is. `meta`, `bench` and `replay` then take `--dataset NAME`.
 */
import { closeSync } from 'node:fs';
import type { Command } from 'commander';
import { openInput } from '../../core/textInput';
import { downloadEntry, fileAddress } from '../../core/datasets/download';
import { datasetFolders, findDatasetFile, getCommand } from '../../core/datasets/locate';
import { datasetRegistry, entryBytes, registryEntry, type RegistryEntry, type RegistryFile } from '../../core/datasets/registry';
import { SumLensError } from '../../core/errors';
import { cancelOnInterrupt } from '../terminal';
import { cliIo } from '../io';

interface GetFlags {
  mirror?: string;
  dir?: string;
  from?: string;
}

export function registerDatasets(program: Command): void {
  const datasets = program.command('datasets').description('the human-scored sets SumLens knows: list them, download one, or print where it is');
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
    .option(
      '--from <file>',
      "take your copy of the set's one file instead of downloading it (SHA-256 checked): for the sets no address publishes as one file (longeval, longsciverify)",
    )
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
    path: findDatasetFile(entry.files[0].path, datasetFolders(cliIo().env)) ?? null,
    files: entry.files,
  }));
  if (json) {
    cliIo().stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return;
  }
  for (const row of rows) {
    cliIo().stdout.write(
      `${row.name.padEnd(20)} ${megabytes(row.bytes).padStart(8)}  ${row.path ? `here: ${row.path}` : `absent: ${getCommand(row.name)}`}\n` +
        `  ${row.title}\n  licence: ${row.licence}\n` +
        row.files.map((f) => `${fileOrigin(f)}    sha256 ${f.sha256}\n`).join(''),
    );
  }
}

/** The file's pinned address, or what it was built from when no address publishes it. */
function fileOrigin(file: RegistryFile): string {
  if (file.url) return `  ${file.url}\n`;
  return `  ${file.path}: published nowhere as one file (get it with --from FILE); built from\n${(file.builtFrom ?? []).map((u) => `    ${u}\n`).join('')}`;
}

async function getDataset(name: string, flags: GetFlags): Promise<void> {
  const entry = known(name);
  const folder = flags.dir ?? datasetFolders(cliIo().env).downloads;
  const mirror = flags.mirror ?? (cliIo().env.SUMLENS_DATASETS_MIRROR?.trim() || undefined);
  if (flags.from !== undefined && flags.mirror !== undefined)
    throw new SumLensError('usage', '--from and --mirror do not go together: a copy you have, or a mirror to fetch from');
  // A copy that cannot be read is the one line printed, before anything is announced (copyFile checks it again).
  if (flags.from !== undefined) closeSync(openInput(flags.from, `--from ${flags.from}`));
  const interrupt = cancelOnInterrupt();
  const showProgress = cliIo().stderr.isTTY;
  try {
    const origin = flags.from ?? mirror ?? 'the canonical addresses';
    cliIo().stderr.write(`sumlens: ${entry.name}: ${entry.files.length} file(s), ${megabytes(entryBytes(entry))} from ${origin}\n`);
    const outcomes = await downloadEntry(entry, folder, {
      from: flags.from,
      mirror: flags.from === undefined ? mirror : undefined,
      signal: interrupt.signal,
      onProgress: showProgress ? ({ file, received, total }) => cliIo().stderr.write(`\r\x1b[K${file} ${Math.floor((100 * received) / total)}%`) : undefined,
    });
    if (showProgress) cliIo().stderr.write('\r\x1b[K');
    for (const [i, outcome] of outcomes.entries()) {
      const how =
        outcome.status === 'present'
          ? 'already here, checksum right'
          : `${outcome.status} from ${outcome.status === 'copied' ? flags.from : fileAddress(entry.files[i], mirror)}, checksum right`;
      cliIo().stderr.write(`sumlens: ${outcome.path}: ${how}\n`);
    }
    cliIo().stdout.write(`${outcomes[0].path}\n`);
  } finally {
    interrupt.dispose();
  }
}

function printPath(name: string): void {
  const entry = known(name);
  const found = findDatasetFile(entry.files[0].path, datasetFolders(cliIo().env));
  if (!found) throw new SumLensError('bad-input', `dataset "${entry.name}" is not here: get it with \`${getCommand(entry.name)}\``);
  cliIo().stdout.write(`${found}\n`);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
