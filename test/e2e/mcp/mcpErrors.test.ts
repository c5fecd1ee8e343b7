/**
 * `sumlens mcp` under bad input: every failure is a JSON-RPC error or a tool result with
 * isError and the CLI's line (exit code named), and the server answers the next call. Lines
 * that are not JSON-RPC are written raw to its stdin; its stdout carries JSON-RPC only.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { ARTICLE, call, dataFile, makeWorkspace, startMcp, structured, SUMMARY, sumlensBin, type McpSession } from './mcpClient';

function errorText(result: CallToolResult): string {
  assert.equal(result.isError, true, `expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  return (result.content[0] as { text: string }).text;
}

describe('sumlens mcp: bad input, cancellation, one judging call at a time', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let session: McpSession;
  let outside: string;

  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    outside = makeWorkspace({ 'secret.txt': 'not for the judge' });
    const workspace = makeWorkspace({ 'article.txt': ARTICLE, 'summary.txt': SUMMARY, 'data.jsonl': dataFile(12) });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'link.txt'));
    session = await startMcp(
      workspace,
      { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url },
      { args: [sumlensBin, 'mcp', '--no-cache', '--concurrency', '1'] },
    );
  });

  after(async () => {
    await session.close();
    await server.close();
    for (const folder of [session.workspace, outside]) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('an unknown tool and arguments that fail the schema: tool errors, and the server goes on', async () => {
    assert.match(errorText(await call(session, 'no_such_tool', {})), /Tool no_such_tool not found/);
    assert.match(errorText(await call(session, 'evaluate_summary', { source: 'a', summary: 'b', samples: 0 })), /Input validation error.*samples/s);
    assert.match(errorText(await call(session, 'evaluate_summary', { source: 'a', summary: 'b', method: 'best' })), /Input validation error.*method/s);
    assert.match(errorText(await call(session, 'evaluate_summary', { source: 'a' })), /^usage \(exit 2\): give summary \(the text\) or summaryPath/);
    assert.equal((await session.client.listTools()).tools.length, 7);
  });

  it('a path outside the workspace (.., absolute, a symbolic link leading out) is refused before anything is read', async () => {
    for (const sourcePath of ['../secret.txt', path.join(outside, 'secret.txt'), 'link.txt']) {
      const text = errorText(await call(session, 'evaluate_summary', { sourcePath, summary: SUMMARY }));
      assert.match(text, /^usage \(exit 2\): sourcePath .* is outside the folder the server was started in/);
    }
    assert.match(errorText(await call(session, 'compare_runs', { runA: '../a.jsonl', runB: 'b.jsonl' })), /^usage \(exit 2\): runA/);
    assert.match(errorText(await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: '../../run.jsonl' })), /^usage \(exit 2\): out/);
    assert.equal(server.chatRequests.length, 0);
  });

  it('a missing file: bad-input (exit 8), naming it', async () => {
    assert.match(
      errorText(await call(session, 'evaluate_summary', { sourcePath: 'nope.txt', summary: SUMMARY })),
      /^bad-input \(exit 8\): sourcePath nope\.txt/,
    );
    assert.match(errorText(await call(session, 'compare_runs', { runA: 'a.jsonl', runB: 'b.jsonl' })), /^bad-input \(exit 8\)/);
    assert.match(errorText(await call(session, 'evaluate_dataset', { data: 'none.jsonl' })), /^bad-input \(exit 8\)/);
  });

  it('a second judging call while one runs is answered busy at once; a call that spends nothing runs alongside', async () => {
    server.setHandler(() => ({ ...scoreReply('3', { '3': 1 }), delayMs: 100 }));
    const first = call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'busy.jsonl', aspects: ['coherence'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.match(errorText(await call(session, 'evaluate_summary', { source: ARTICLE, summary: SUMMARY })), /^busy: evaluate_dataset is running/);
    assert.equal(structured(await call(session, 'list_datasets', {})).datasets.length > 0, true);
    assert.equal(structured(await first).run.written, 12);
    server.setHandler(() => scoreReply('3', { '3': 1 }));
  });

  it('a cancelled run stops, keeps what finished, and the same call resumes it', async () => {
    server.setHandler(() => ({ ...scoreReply('3', { '3': 1 }), delayMs: 100 }));
    const controller = new AbortController();
    const cancelled = session.client.callTool(
      { name: 'evaluate_dataset', arguments: { data: 'data.jsonl', out: 'cancel.jsonl', aspects: ['coherence'] } },
      undefined,
      {
        signal: controller.signal,
        onprogress: (p) => {
          if (p.progress >= 3) controller.abort();
        },
      },
    );
    await assert.rejects(cancelled, /abort/i);
    const sent = server.chatRequests.length;
    // The server stops the run: a judging call is free again once it has.
    let resumed: CallToolResult | undefined;
    for (let attempt = 0; attempt < 50 && (resumed === undefined || resumed.isError); attempt++) {
      if (resumed) await new Promise((resolve) => setTimeout(resolve, 100));
      resumed = await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'cancel.jsonl', aspects: ['coherence'] });
    }
    const run = structured(resumed!).run;
    assert.ok(run.alreadyDone >= 3 && run.alreadyDone < 12, `already done: ${run.alreadyDone}`);
    assert.equal(run.alreadyDone + run.written, 12);
    assert.ok(sent < 12 + 12, 'the cancelled run stopped sending');
    server.setHandler(() => scoreReply('3', { '3': 1 }));
  });

  it("a call's maxCost stops its run at the limit (budget-exceeded, exit 18); the same call with a higher one resumes", async () => {
    const before = server.chatRequests.length;
    const stopped = errorText(await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'capped.jsonl', maxCost: 0.002 }));
    assert.match(stopped, /^budget-exceeded \(exit 18\): .*\$0\.002.*rerun with a higher maxCost argument \(or none\)/);
    const sentBeforeStop = server.chatRequests.length - before;
    assert.ok(sentBeforeStop > 0 && sentBeforeStop < 48, `${sentBeforeStop} requests before the stop`);
    const resumed = await call(session, 'evaluate_dataset', { data: 'data.jsonl', out: 'capped.jsonl', maxCost: 1 });
    assert.notEqual(resumed.isError, true, JSON.stringify(resumed.content));
    const run = structured(resumed).run as { total: number; alreadyDone: number; written: number };
    assert.equal(run.total, 12);
    assert.ok(run.alreadyDone > 0, 'the items finished before the stop are kept');
    assert.equal(run.alreadyDone + run.written, 12);
  });

  it('without a key the judging tools fail as the CLI does (no-api-key, exit 3); the others work', async () => {
    const keyless = await startMcp(session.workspace, { OPENAI_BASE_URL: 'https://api.openai.com/v1' });
    try {
      assert.match(errorText(await call(keyless, 'evaluate_summary', { source: ARTICLE, summary: SUMMARY })), /^no-api-key \(exit 3\): No API key/);
      assert.match(keyless.stderr(), /no OPENAI_API_KEY/);
      assert.equal(structured(await call(keyless, 'estimate_cost', { data: 'data.jsonl', aspects: ['coherence'] })).items, 12);
    } finally {
      await keyless.close();
    }
  });

  it('--workspace that is not a folder: a usage error before serving (exit 2)', async () => {
    const child = spawn(process.execPath, [sumlensBin, 'mcp', '--workspace', 'summary.txt'], { cwd: session.workspace, env: { PATH: process.env.PATH } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /--workspace summary\.txt is not a folder/);
  });

  it('raw lines that are not JSON-RPC get -32700 or -32600, and stdout holds JSON-RPC only', async () => {
    const child = spawn(process.execPath, [sumlensBin, 'mcp'], { cwd: session.workspace, env: { PATH: process.env.PATH, HOME: session.workspace } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const lines = [
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      'this is not json',
      '{"jsonrpc":"2.0","id":2,"method":"tools/list"',
      '{"hello":"world"}',
      '{"jsonrpc":"2.0","id":3,"method":"no/such/method"}',
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_datasets"}}',
      '{"jsonrpc":"2.0","id":5,"method":"tools/list"}',
    ];
    child.stdin.write(lines.join('\n') + '\n');
    const replies = await new Promise<any[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to id 4 or 5; stdout: ${stdout}`)), 20_000);
      child.stdout.on('data', () => {
        const parsed = stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line));
        if ([4, 5].every((id) => parsed.some((m) => m.id === id))) {
          clearTimeout(timer);
          resolve(parsed);
        }
      });
    });
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    assert.ok(
      replies.every((m) => m.jsonrpc === '2.0'),
      'every stdout line is a JSON-RPC message',
    );
    const errors = replies.filter((m) => m.id === null).map((m) => m.error.code);
    assert.deepEqual(
      errors.sort((a, b) => a - b),
      [-32700, -32700, -32600],
    );
    assert.equal(replies.find((m) => m.id === 3).error.code, -32601);
    assert.equal(replies.find((m) => m.id === 4).result.isError, undefined);
    assert.equal(replies.find((m) => m.id === 5).result.tools.length, 7);
  });
});
