/**
 * A run made from the CLI and one made as "Evaluate Dataset" makes it (the editor's mapper,
 * src/extension/datasets/datasetRunSpec.ts, and the dataset-run operation, without VS Code)
 * with the same judge and settings are one run to `compare`; and run files of format 1
 * (committed fixtures: the CLI's header with `maxSe`, `parse` and `topLogprobs`, the editor's
 * with none of them) still read, as the same spec, so compare takes them too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { runDataset } from '../../../src/core/operations/runDataset';
import { loadRun } from '../../../src/core/run/loadRun';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import { datasetSpecInput } from '../../../src/extension/datasets/datasetRunSpec';
import { settingsSchema } from '../../../src/extension/settingsSchema';
import { juryItems, juryJudge } from '../../fake/juryJudges';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

const fixtures = path.join(__dirname, '../../../../test/fixtures/run');

describe('runs from either front end, and of either format, compare as one run', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(juryJudge);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-front-ends-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compare accepts a CLI run against an editor run of the same spec (exit 0), with equal headers', async () => {
    const data = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(
      data,
      juryItems(5)
        .map(({ id, source, summary }) => JSON.stringify({ id, source, summary }))
        .join('\n') + '\n',
    );
    const env = { OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const cliRun = path.join(dir, 'cli.jsonl');
    const cli = await runInProcess(
      [
        'eval',
        '--data',
        data,
        '--aspects',
        'coherence',
        '--route',
        'logprobs',
        '--samples',
        '4',
        '--base-url',
        server.url,
        '--model',
        'judge-a',
        '--out',
        cliRun,
      ],
      env,
    );
    assert.equal(cli.code, 0, cli.stderr);

    // As "Evaluate Dataset" runs it: sumlens.aspects, sumlens.route and sumlens.samples set, the rest left at the editor's defaults.
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-test', model: 'judge-a', cacheDir: null });
    const settings = settingsSchema.parse({ aspects: ['coherence'], route: 'logprobs', samples: 4 });
    const spec = buildSpec(datasetSpecInput(settings, { endpoint: session.endpoint, model: session.model, method: 'geval' }));
    const editorRun = path.join(dir, 'editor.jsonl');
    const { summary } = await runDataset(
      { spec, command: 'Evaluate Dataset (VS Code)', data: { path: data, task: 'summarization' }, out: editorRun },
      { session },
    );
    assert.equal(summary.written, 5);

    const [a, b] = await Promise.all([loadRun(cliRun), loadRun(editorRun)]);
    assert.deepEqual([b.header.spec, b.header.templates], [a.header.spec, a.header.templates]);
    const compared = await runInProcess(['compare', cliRun, editorRun, '--json'], env);
    assert.equal(compared.code, 0, compared.stderr);
    assert.equal(JSON.parse(compared.stdout).paired, 5);
  });

  it("format 1 still reads: both front ends' old headers become one spec, and compare takes them", async () => {
    const [cli, editor] = await Promise.all(['format1-cli.jsonl', 'format1-vscode.jsonl'].map((f) => loadRun(path.join(fixtures, f))));
    assert.equal(cli.header.format, 2);
    assert.deepEqual(editor.header.spec, cli.header.spec);
    assert.deepEqual([cli.header.spec.maxSe, cli.header.spec.parse, cli.header.spec.topLogprobs, cli.header.spec.judge.model], [0.05, 'robust', 20, 'judge']);
    const compared = await runInProcess(['compare', path.join(fixtures, 'format1-cli.jsonl'), path.join(fixtures, 'format1-vscode.jsonl'), '--json'], {});
    assert.equal(compared.code, 0, compared.stderr);
    assert.equal(JSON.parse(compared.stdout).paired, 6);
  });
});
