/**
 * The two front ends' mappers to the run spec agree: `eval --data` with some flags (parsed by
 * the real command's options, defaults included) and "Evaluate Dataset" with the equivalent
 * `sumlens.*` settings (through the editor's settings schema, its defaults included) give
 * equal specs and equal run headers, for every method and every option both front ends have.
 * (Options only the CLI has, --parse, --top-logprobs, --fence-inputs, --preset and
 * --with-templates, are left at their defaults: the editor runs a dataset with those.)
 */
import * as assert from 'node:assert/strict';
import { Command } from 'commander';
import { registerEval } from '../../../src/cli/commands/eval';
import type { DataEvalFlags } from '../../../src/cli/evalFlags';
import { inCall } from '../../../src/cli/io';
import { specFromFlags } from '../../../src/cli/runSpecFromFlags';
import { runHeader } from '../../../src/core/runFile/runHeader';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import type { RunSpec } from '../../../src/core/runSpec/runSpec';
import { specDifferences } from '../../../src/core/runSpec/specDifferences';
import { datasetSpecInput } from '../../../src/extension/datasets/datasetRunSpec';
import { settingsSchema } from '../../../src/extension/settingsSchema';

const ENDPOINT = 'http://127.0.0.1:9/v1';

/** The spec `sumlens eval --data rows.jsonl ARGS` runs with (in a call of its own, with an empty environment). */
export async function cliSpec(args: string[]): Promise<RunSpec> {
  const silent = { write: () => true };
  const { value } = await inCall({ stdout: silent, stderr: silent, env: {} }, async () => {
    const program = new Command().exitOverride();
    registerEval(program);
    const command = program.commands.find((c) => c.name() === 'eval')!;
    let spec: RunSpec | undefined;
    command.action((flags: DataEvalFlags) => {
      spec = specFromFlags(flags, (option) => command.getOptionValueSource(option) === 'cli', { task: flags.task, aspects: flags.aspects });
    });
    await program.parseAsync(['eval', '--data', 'rows.jsonl', '--base-url', `${ENDPOINT}/`, '--model', 'judge', ...args], { from: 'user' });
    return spec!;
  });
  return value;
}

/** The spec "Evaluate Dataset" runs with under these settings (the judge's session says endpoint and model). */
export function editorSpec(method: RunSpec['method'], settings: Record<string, unknown>): RunSpec {
  return buildSpec(datasetSpecInput(settingsSchema.parse(settings), { endpoint: ENDPOINT, model: 'judge', method }));
}

const METHODS: RunSpec['method'][] = ['geval', 'rationale', 'fine', 'all', 'choose'];

/** Each option both front ends have: the CLI's flags and the editor's settings that ask the same. */
const OPTIONS: { name: string; cli: string[]; editor: Record<string, unknown>; not?: RunSpec['method'] }[] = [
  { name: 'defaults', cli: [], editor: {} },
  {
    name: 'sampling route',
    cli: ['--route', 'sampling', '--samples', '7', '--max-se', '0.1'],
    editor: { route: 'sampling', samples: 7, maxStandardError: 0.1 },
  },
  { name: 'logprobs route', cli: ['--route', 'logprobs'], editor: { route: 'logprobs' } },
  { name: 'source budget', cli: ['--source-tokens', '1500'], editor: { sourceTokens: 1500 } },
  { name: 'aspects', cli: ['--aspects', 'coherence,fluency'], editor: { aspects: ['coherence', 'fluency'] }, not: 'choose' },
  { name: 'dialogue', cli: ['--task', 'dialogue'], editor: { task: 'dialogue' } },
  { name: 'concurrency', cli: ['--concurrency', '3'], editor: { concurrency: 3 } },
];

describe('run spec: the CLI and the editor map the same run to the same spec', () => {
  for (const method of METHODS) {
    for (const option of OPTIONS.filter((o) => o.not !== method)) {
      it(`${method}, ${option.name}: equal specs and headers`, async () => {
        const cli = await cliSpec(['--method', method, ...option.cli]);
        const editor = editorSpec(method, option.editor);
        assert.deepEqual(editor, cli);
        const [a, b] = [runHeader('eval --data', 'rows.jsonl', cli), runHeader('Evaluate Dataset (VS Code)', 'rows.jsonl', editor)];
        assert.deepEqual([b.format, b.spec, b.templates], [a.format, a.spec, a.templates]);
        assert.deepEqual(specDifferences(a, b), []);
      });
    }
  }

  it('choose with reasons: one answer per reason in both; reasons and their count recorded alike', async () => {
    const cli = await cliSpec(['--method', 'choose', '--reasons', 'fsv2', '--reasons-k', '3']);
    assert.deepEqual(editorSpec('choose', { reasons: 'fsv2', reasonsK: 3 }), cli);
    assert.deepEqual([cli.reasons, cli.reasonsK, cli.samples], ['fsv2', 3, undefined]);
  });

  it('the reasons setting does not reach another method (the CLI refuses it there)', () => {
    assert.deepEqual(editorSpec('geval', { reasons: 'fsv2' }), editorSpec('geval', {}));
  });

  it("one default each: the editor's settings and the CLI's flags leave the same concurrency, samples, route and standard error", async () => {
    const cli = await cliSpec([]);
    assert.deepEqual([cli.concurrency, cli.samples, cli.route, cli.maxSe, cli.parse, cli.topLogprobs], [8, 20, 'auto', 0.05, 'robust', 20]);
    assert.equal(settingsSchema.parse({}).concurrency, cli.concurrency);
  });

  it('a templates folder staged elsewhere by the editor is the same run (its hashes are what count)', async () => {
    const cli = await cliSpec(['--prompts', 'prompts']);
    const editor = buildSpec(datasetSpecInput(settingsSchema.parse({}), { endpoint: ENDPOINT, model: 'judge', method: 'geval', prompts: 'elsewhere/prompts' }));
    assert.notEqual(cli.prompts, editor.prompts);
    assert.deepEqual(specDifferences({ spec: cli, templates: {} }, { spec: editor, templates: {} }), []);
  });
});
