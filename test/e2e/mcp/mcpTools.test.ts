/**
 * `sumlens mcp` through the MCP SDK's own client over stdio, against the fake judge: the
 * tools listed with their schemas, each tool called, its structured result checked against
 * its output schema (the client does) and its figures against the scripted judge.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { packageRoot } from '../../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { writeRun } from '../../fixtures/run/makeRun';
import { ARTICLE, call, dataFile, makeWorkspace, startMcp, structured, SUMMARY, type McpSession, type Structured } from './mcpClient';

describe('sumlens mcp: the tools through the SDK client', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let session: McpSession;

  before(async () => {
    server = await FakeOpenAiServer.start();
    const workspace = makeWorkspace({ 'article.txt': ARTICLE, 'summary.txt': SUMMARY, 'data.jsonl': dataFile(6) });
    fs.mkdirSync(path.join(workspace, 'sets', 'summeval'), { recursive: true });
    fs.copyFileSync(path.join(packageRoot(), 'test', 'e2e', 'mcp', 'summevalSlice.json'), path.join(workspace, 'sets', 'summeval', 'summeval.json'));
    session = await startMcp(workspace, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, SUMLENS_DATASETS: path.join(workspace, 'sets') });
  });

  after(async () => {
    await session.close();
    await server.close();
    fs.rmSync(session.workspace, { recursive: true, force: true });
  });

  it('lists the seven tools, each with an input and an output schema', async () => {
    const { tools } = await session.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['evaluate_summary', 'evaluate_dataset', 'estimate_cost', 'compare_runs', 'audit_judge', 'list_datasets', 'get_dataset'],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok(tool.description && tool.description.length > 80, tool.name);
    }
    const evaluate = tools.find((t) => t.name === 'evaluate_summary')!;
    assert.ok(!('apiKey' in (evaluate.inputSchema.properties ?? {})) && !('baseUrl' in (evaluate.inputSchema.properties ?? {})), 'the judge is the server’s');
  });

  it('evaluate_summary: the scores of files in the workspace, with provenance and the spend', async () => {
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const result = structured(await call(session, 'evaluate_summary', { sourcePath: 'article.txt', summaryPath: 'summary.txt' }));
    assert.deepEqual(
      result.aspects.map((a: Structured) => [a.name, a.score]),
      [
        ['coherence', 3],
        ['consistency', 3],
        ['fluency', 3],
        ['relevance', 3],
      ],
    );
    assert.equal(result.aspects[0].method, 'logprobs');
    assert.ok(result.aspects[0].provenance, 'each score says how it was made');
    assert.equal(result.usage.calls, 4);
    assert.equal(typeof result.usage.costUsd, 'number');
  });

  it('evaluate_summary with method fine: the findings with their character spans in the summary', async () => {
    server.setHandler(scriptedJudge({ answer: (angle, _id, text) => (angle.startsWith('correctness') && text.includes('Tuesday') ? 'No' : 'Yes') }));
    const result = structured(await call(session, 'evaluate_summary', { source: ARTICLE, summary: SUMMARY, method: 'fine' }));
    const onSummary = (result.fine.findings as Structured[]).filter((f) => f.note === 'target' && f.located !== false);
    assert.ok(onSummary.length > 0, JSON.stringify(result.fine.findings));
    for (const finding of onSummary) {
      assert.ok(finding.start >= 0 && finding.end <= SUMMARY.length && finding.start < finding.end);
      if (finding.quote) assert.equal(SUMMARY.slice(finding.start, finding.end), finding.quote);
    }
  });

  it('estimate_cost, evaluate_dataset (with progress), then compare_runs on the two run files', async () => {
    const estimate = structured(await call(session, 'estimate_cost', { data: 'data.jsonl', out: 'runs/a.jsonl', aspects: ['coherence'] }));
    assert.equal(estimate.items, 6);
    assert.equal(estimate.calls, 6);

    fs.mkdirSync(path.join(session.workspace, 'runs'));
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const progress: number[] = [];
    const a = structured(
      (await session.client.callTool({ name: 'evaluate_dataset', arguments: { data: 'data.jsonl', out: 'runs/a.jsonl', aspects: ['coherence'] } }, undefined, {
        onprogress: (p) => progress.push(p.progress),
      })) as CallToolResult,
    );
    assert.equal(a.run.written, 6);
    assert.equal(a.out, path.join('runs', 'a.jsonl'));
    assert.equal(a.aspects[0].mean, 3);
    assert.ok(progress.length > 0 && progress.at(-1) === 6, `progress: ${progress.join(',')}`);
    assert.ok(fs.existsSync(path.join(session.workspace, 'runs', 'a.jsonl')));

    server.setHandler(({ body }) => (JSON.stringify(body.messages).includes('Item 0.') ? scoreReply('3', { '3': 1 }) : scoreReply('4', { '4': 1 })));
    structured(await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'runs/b.jsonl', aspects: ['coherence'] }));
    const again = structured(await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'runs/b.jsonl', aspects: ['coherence'] }));
    assert.equal(again.run.alreadyDone, 6, 'a finished run file is resumed, nothing evaluated again');
    assert.equal(again.run.usage.calls, 0);

    const comparison = structured(await call(session, 'compare_runs', { runA: 'runs/a.jsonl', runB: 'runs/b.jsonl' }));
    assert.equal(comparison.paired, 6);
    const coherence = comparison.aspects[0];
    assert.equal(coherence.aspect, 'coherence');
    assert.ok(Math.abs(coherence.meanDifference - 5 / 6) < 1e-9);
    assert.ok(coherence.interval.low <= coherence.meanDifference && coherence.meanDifference <= coherence.interval.high);
    assert.equal(coherence.wins, 5);
    assert.deepEqual(comparison.worse, []);
  });

  it('audit_judge: probes and verdicts on a data file in the workspace', async () => {
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const audit = structured(await call(session, 'audit_judge', { data: 'data.jsonl', limit: 6, probes: ['length', 'damage'], aspects: ['coherence'] }));
    assert.equal(audit.summaries, 6);
    assert.deepEqual(
      audit.probes.map((p: Structured) => p.probe),
      ['length', 'damage'],
    );
    assert.ok(audit.usage.calls > 0);
  });

  it('list_datasets and get_dataset: the sets in SUMLENS_DATASETS, and a slice of one with its human scores', async () => {
    const list = structured(await call(session, 'list_datasets', {}));
    const summeval = list.datasets.find((d: Structured) => d.name === 'summeval');
    assert.equal(summeval.here, true);
    assert.equal(list.datasets.find((d: Structured) => d.name === 'topical-chat').here, false);
    const slice = structured(await call(session, 'get_dataset', { name: 'summeval', offset: 1, limit: 2 }));
    assert.equal(slice.total, 3);
    assert.equal(slice.items.length, 2);
    assert.deepEqual(Object.keys(slice.items[0].scores).sort(), ['coherence', 'consistency', 'fluency', 'relevance']);
    const absent = await call(session, 'get_dataset', { name: 'topical-chat' });
    assert.equal(absent.isError, true);
    assert.match((absent.content[0] as { text: string }).text, /^bad-input \(exit 8\): dataset "topical-chat" is not here/);
  });

  it('writes the agent’s exchange (list → evaluate → compare) to test-results/mcp-transcript.json, and the schemas’ sizes to mcp-tools.json', async () => {
    // Two runs of 20 items (the agent's prompt before and after a change), written as a run file is.
    const scores = (shift: number) =>
      Array.from({ length: 20 }, (_, i) => ({ id: i, scores: { coherence: 3 + ((i * 7) % 5) / 4 + shift * (i % 3 === 0 ? 0 : 1), relevance: 3.5 } }));
    writeRun(path.join(session.workspace, 'before.jsonl'), scores(0));
    writeRun(path.join(session.workspace, 'after.jsonl'), scores(0.4));
    session.messages.length = 0;
    server.setHandler(() => scoreReply('4', { '4': 0.7, '3': 0.3 }));
    const { tools } = await session.client.listTools();
    structured(await call(session, 'evaluate_summary', { sourcePath: 'article.txt', summaryPath: 'summary.txt', aspects: ['coherence', 'consistency'] }));
    structured(await call(session, 'compare_runs', { runA: 'before.jsonl', runB: 'after.jsonl' }));
    const folder = path.join(packageRoot(), 'test-results');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'mcp-transcript.json'), JSON.stringify(session.messages, null, 2) + '\n');
    // What each tool costs an agent's context: its schemas as the server lists them, in bytes of JSON.
    const sizes = tools.map((t) => ({
      name: t.name,
      inputSchemaBytes: JSON.stringify(t.inputSchema).length,
      outputSchemaBytes: JSON.stringify(t.outputSchema).length,
    }));
    fs.writeFileSync(path.join(folder, 'mcp-tools.json'), JSON.stringify(sizes, null, 2) + '\n');
    assert.equal(session.messages.length, 6);
  });
});
