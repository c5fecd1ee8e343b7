/**
 * Bad input on every command, generated from the command table: every command × every file it
 * reads (each form: a table as JSONL, CSV and a JSON array) × every kind of bad file (missing,
 * a folder, unreadable, empty, binary, not UTF-8, too large for a file read whole) ends in
 * exit 8 and one stderr line naming the file and the reason; never "internal error", never
 * exit 0. The commands run in this process (runInProcess), so the matrix costs seconds; a
 * few calls go through bin's process as a user's shell runs it.
 *
 * Which files a command reads is described in fileArguments.ts; a command, option or
 * argument that names a file and is missing there fails the first test.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Command } from 'commander';
import { commandTable } from '../../../../src/cli/commandTable';
import { inCall } from '../../../../src/cli/io';
import { FakeOpenAiServer, scoreReply } from '../../../fake/openaiServer';
import { writeRun } from '../../../fixtures/run/makeRun';
import { runCli, type CliRun } from '../runCli';
import { runInProcess } from '../runInProcess';
import { kindsFor, makeBadFile, REASONS, type BadKind } from './badFiles';
import { FILE_ARGUMENTS, writeGoodFiles, type GoodFiles, type Place } from './fileArguments';

/** Options whose value names a file or a folder, by the placeholder --help shows. */
const FILE_PLACEHOLDER = /[<[][^>\]]*\b(file|dir|folder)\b[^>\]]*[>\]]/i;

/** "eval --source", "compare <runA>", "datasets get <name>": each file-like parameter of a command and its subcommands. */
function fileParameters(command: Command, prefix: string[] = []): string[] {
  const own = [
    ...command.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`)),
    ...command.options.filter((o) => FILE_PLACEHOLDER.test(o.flags)).map((o) => o.long!),
  ].map((name) => [...prefix, name].join(' '));
  return [...own, ...command.commands.flatMap((sub) => fileParameters(sub, [...prefix, sub.name()]))];
}

async function registered(name: string): Promise<Command> {
  const entry = commandTable.find((e) => e.name === name)!;
  const module = (await import(path.join(__dirname, '../../../../src/cli/commands', entry.module))) as Record<string, (program: Command) => void>;
  const program = new Command('sumlens');
  // Registering reads the call's environment (defaults shown in --help): a call of its own.
  await inCall({ stdout: process.stdout, stderr: process.stderr, env: {} }, async () => module[entry.register](program));
  return program.commands[0];
}

interface Cell {
  command: string;
  parameter: string;
  holds: Place['holds'];
  ext: string;
  kind: BadKind;
  args: (bad: string, good: GoodFiles) => string[];
  reading: Place['variants'][number]['reading'];
}

function matrix(): Cell[] {
  return Object.entries(FILE_ARGUMENTS).flatMap(([command, parameters]) =>
    Object.entries(parameters).flatMap(([parameter, place]) =>
      typeof place === 'string'
        ? []
        : place.variants.flatMap((variant) => kindsFor(variant.reading).map((kind) => ({ command, parameter, holds: place.holds, kind, ...variant }))),
    ),
  );
}

describe('bad input on every command: exit 8 and one line naming the file, never an internal error', function () {
  this.timeout(120_000);
  let dir: string;
  let server: FakeOpenAiServer;
  let good: GoodFiles;
  let env: Record<string, string>;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bad-input-'));
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 0.6, '4': 0.4 }));
    good = writeGoodFiles(dir, server.url);
    env = { OPENAI_API_KEY: 'sk-bad-input', JURY_KEY: 'sk-jury', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg'), NO_COLOR: '1' };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('describes every command of the command table and every option or argument that names a file', async () => {
    assert.deepEqual(
      Object.keys(FILE_ARGUMENTS).sort(),
      commandTable.map((e) => e.name).sort(),
      'a command is missing from (or unknown to) test/e2e/cli/badInput/fileArguments.ts',
    );
    for (const { name } of commandTable) {
      const found = fileParameters(await registered(name)).sort();
      assert.deepEqual(Object.keys(FILE_ARGUMENTS[name]).sort(), found, `sumlens ${name}: its file arguments in fileArguments.ts`);
    }
  });

  it('every command × every file it reads × every kind of bad file', async () => {
    const cells = matrix();
    const failures: string[] = [];
    for (const [n, cell] of cells.entries()) {
      const bad = path.join(dir, `${cell.command}-${n}-${cell.kind.replace(/\W+/g, '-')}${cell.ext}`);
      const cleanUp = await makeBadFile(bad, cell.kind, cell.reading);
      const args = cell.args(bad, good);
      let run: CliRun;
      try {
        run = await runInProcess(args, env);
      } finally {
        await cleanUp();
      }
      const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
      const problems = [
        run.code !== 8 && `exit ${run.code}`,
        /internal error/.test(run.stderr) && 'an internal error',
        lines.length !== 1 && `${lines.length} stderr lines`,
        !lines.some((line) => line.includes(bad)) && 'no line names the file',
        !REASONS[cell.kind].test(run.stderr) && `the reason is not ${REASONS[cell.kind]}`,
      ].filter(Boolean);
      if (problems.length)
        failures.push(`sumlens ${args.join(' ').replaceAll(dir, '…')} (${cell.kind}): ${problems.join(', ')}; stderr: ${run.stderr.trim().slice(0, 300)}`);
    }
    const commands = new Set(cells.map((c) => c.command)).size;
    const places = new Set(cells.map((c) => `${c.command} ${c.parameter}`)).size;
    console.log(`      matrix: ${commands} commands, ${places} file arguments, ${new Set(cells.map((c) => c.kind)).size} kinds: ${cells.length} invocations`);
    assert.deepEqual(failures, [], `${failures.length} of ${cells.length} invocations:\n${failures.join('\n')}`);
  });

  it('a run file with a header and no item: rescore says so (exit 8) instead of an empty table', async () => {
    const headerOnly = path.join(dir, 'header-only.jsonl');
    writeRun(headerOnly, []);
    const run = await runInProcess(['rescore', headerOnly, '--threshold', '3'], env);
    assert.equal(run.code, 8, run.stderr);
    assert.match(run.stderr, /header-only\.jsonl holds no item to rescore/);
    assert.equal(run.stdout, '');
  });

  it('the same through bin/sumlens in its own process (a sample: one per kind)', async () => {
    const sample: Array<[BadKind, (bad: string) => string[], string]> = [
      ['missing', (bad) => ['eval', '--data', bad, '--dry-run'], '.jsonl'],
      ['folder', (bad) => ['compare', bad, good.run], '.jsonl'],
      ['empty', (bad) => ['rescore', bad, '--threshold', '3'], '.jsonl'],
      ['binary', (bad) => ['agreement', bad], '.jsonl'],
      ['not UTF-8', (bad) => ['agreement', bad, '--human', 'coherence=expert', '--judge', 'coherence=pred'], '.csv'],
    ];
    for (const [kind, args, ext] of sample) {
      const bad = path.join(dir, `spawned-${kind.replace(/\W+/g, '-')}${ext}`);
      const cleanUp = await makeBadFile(bad, kind, 'streamed');
      const run = await runCli(args(bad), env).finally(cleanUp);
      assert.equal(run.code, 8, `${kind}: ${run.stderr}`);
      assert.match(run.stderr, REASONS[kind]);
      assert.ok(run.stderr.includes(bad), run.stderr);
    }
  });
});
