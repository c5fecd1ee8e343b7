/** `sumlens probe` against fake servers that behave like the rows of the provider guide, as a user runs it. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runInProcess } from './runInProcess';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { probeProfiles, type ProbeProfile } from '../../fake/probeProfiles';

interface Expected {
  logprobs: string;
  logprobCap?: number;
  n: string;
  nCap?: number;
  temperature: string;
  reasoning: boolean;
  streamingOnly?: boolean;
  route: RegExp;
  /** Calls a 4-aspect G-Eval run costs (at most, on the sampling route). */
  gevalCalls?: number;
}

const expected: Record<ProbeProfile, Expected> = {
  openai: { logprobs: 'yes', n: 'yes', temperature: 'yes', reasoning: false, route: /^logprobs/, gevalCalls: 4 },
  'openai-reasoning': {
    logprobs: 'refused',
    n: 'yes',
    temperature: 'refused',
    reasoning: true,
    route: /^sampling \(server refused logprobs\)/,
    gevalCalls: 16,
  },
  'vllm-capped': { logprobs: 'capped', logprobCap: 5, n: 'yes', temperature: 'yes', reasoning: false, route: /^logprobs/, gevalCalls: 4 },
  'ollama-old': {
    logprobs: 'ignored',
    n: 'ignored',
    nCap: 1,
    temperature: 'yes',
    reasoning: false,
    route: /^sampling \(no logprobs returned\)/,
    gevalCalls: 80,
  },
  'llama-cpp': { logprobs: 'yes', n: 'refused', nCap: 1, temperature: 'yes', reasoning: false, route: /^logprobs/, gevalCalls: 4 },
  gemini: { logprobs: 'refused', n: 'capped', nCap: 8, temperature: 'yes', reasoning: false, route: /^sampling/, gevalCalls: 16 },
  dashscope: { logprobs: 'not probed', n: 'not probed', temperature: 'not probed', reasoning: false, streamingOnly: true, route: /^not known/ },
};

describe('sumlens probe (fake servers with provider profiles)', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
  });
  afterEach(async () => {
    await server.close();
  });
  const env = () => ({ OPENAI_API_KEY: 'sk-probe-test', OPENAI_BASE_URL: server.url });

  for (const [profile, want] of Object.entries(expected) as [ProbeProfile, Expected][]) {
    it(`${profile}: ${want.route.source.replace(/[\\^]/g, '')} route; logprobs ${want.logprobs}, n ${want.n}`, async () => {
      server.setHandler(probeProfiles[profile]);
      const run = await runInProcess(['probe', '--json', '--model', 'judge-x'], env());
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout);
      assert.equal(report.logprobs.support, want.logprobs, report.logprobs.detail);
      assert.equal(report.logprobs.cap, want.logprobCap);
      assert.equal(report.n.support, want.n, report.n.detail);
      assert.equal(report.n.cap, want.nCap);
      assert.equal(report.temperature.support, want.temperature);
      assert.equal(report.reasoning.detected, want.reasoning);
      assert.equal(report.streamingOnly, want.streamingOnly ?? false);
      assert.match(report.routes.scores, want.route);
      assert.equal(report.requests, server.chatRequests.length, 'every request the server saw is counted');
      assert.ok(server.chatRequests.length <= 8, `a handful of requests (${server.chatRequests.length})`);
      for (const request of server.chatRequests) assert.ok((request.body.max_tokens ?? 1) <= 16, 'one-token requests');
      if (want.gevalCalls !== undefined) assert.equal(report.costs.find((c: { method: string }) => c.method === 'geval').calls, want.gevalCalls);
      assert.equal(report.retirement, undefined);
    });
  }

  it('a model on the retirement list: the report and one stderr line warn with the date; exit 0', async () => {
    server.setHandler(probeProfiles.openai);
    const run = await runInProcess(['probe', '--model', 'gpt-4o'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /logprobs +yes · 20 alternatives/);
    assert.match(run.stdout, /4-aspect G-Eval +4 calls, \d+ prompt \+ \d+ completion tokens/);
    assert.match(run.stdout, /warning: gpt-4o is announced to retire on 2027-01-14/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
    assert.match(run.stderr, /^sumlens: warning: gpt-4o is announced to retire on 2027-01-14/);
  });

  it('a rejected key on the plain request is the usual auth error (exit 5, one line)', async () => {
    server.setHandler(() => ({ status: 401, error: { message: 'Incorrect API key provided' } }));
    const run = await runInProcess(['probe'], env());
    assert.equal(run.code, 5, run.stderr);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });

  it('--judges probes every judge of a jury on its own endpoint and model, one report each', async () => {
    const other = await FakeOpenAiServer.start();
    try {
      server.setHandler(probeProfiles.openai);
      other.setHandler(probeProfiles['openai-reasoning']);
      const judges = path.join(os.tmpdir(), `sumlens-probe-judges-${process.pid}.yaml`);
      fs.writeFileSync(judges, `judges:\n  - { name: plain, baseUrl: ${server.url}, model: m1 }\n  - { name: thinker, baseUrl: ${other.url}, model: m2 }\n`);
      const run = await runInProcess(['probe', '--json', '--judges', judges], {});
      assert.equal(run.code, 0, run.stderr);
      const reports = JSON.parse(run.stdout);
      assert.deepEqual(
        reports.map((r: { judge: string; logprobs: { support: string } }) => [r.judge, r.logprobs.support]),
        [
          ['plain', 'yes'],
          ['thinker', 'refused'],
        ],
      );
      const text = await runInProcess(['probe', '--judges', judges], {});
      assert.match(text.stdout, /^judge plain:\n[^]*^judge thinker:\n/m);
    } finally {
      await other.close();
    }
  });
});
