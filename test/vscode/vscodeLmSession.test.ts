// The vscode.lm session with a scripted chat model object (code-server has no signed-in
// model provider): the real vscode API types, the engine's real evaluate().
import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluate } from '../../src/core/evaluate';
import { useVscode, VscodeLmSession } from '../../src/extension/run/vscodeLmSession';

/** A chat model answering every request with `answer`, recording what it was sent. */
function scriptedModel(answer: string, options: { hang?: boolean; maxInputTokens?: number } = {}) {
  const requests: { messages: vscode.LanguageModelChatMessage[]; token: vscode.CancellationToken }[] = [];
  const model = {
    id: 'scripted-model',
    name: 'Scripted',
    vendor: 'sumlens-tests',
    family: 'scripted',
    version: '1',
    maxInputTokens: options.maxInputTokens ?? 100_000,
    countTokens: async (text: string | vscode.LanguageModelChatMessage) => Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4),
    sendRequest: async (messages: vscode.LanguageModelChatMessage[], _options: unknown, token: vscode.CancellationToken) => {
      requests.push({ messages, token });
      if (options.hang) {
        await new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()));
        throw new vscode.CancellationError();
      }
      return {
        text: (async function* () {
          yield answer;
        })(),
      };
    },
  };
  return { model: model as unknown as vscode.LanguageModelChat, requests };
}

const input = { source: 'The bridge will cost 12 million euros.', summary: 'The bridge costs 12 million euros.', task: 'summarization' as const };

describe('vscode-lm session (scripted chat model)', () => {
  // As loadEngine gives the engine its vscode module.
  before(() => useVscode(vscode));
  it('samples: n answers become n parallel requests, and log-probabilities are reported unavailable', async () => {
    const { model, requests } = scriptedModel('4');
    const session = new VscodeLmSession(model, 3);
    const result = await evaluate(input, { method: 'geval', aspects: ['coherence'], samples: 5, session });
    const [coherence] = result.aspects;
    assert.strictEqual(coherence.method, 'sampling');
    assert.strictEqual(coherence.samples, 5);
    assert.strictEqual(coherence.score, 4);
    assert.strictEqual(result.endpoint, 'vscode-lm');
    assert.ok(requests.length >= 5, `${requests.length} requests`);
    // No system role in vscode.lm: every message goes in as a user or assistant turn.
    assert.ok(
      requests.every((r) =>
        r.messages.every((m) => m.role === vscode.LanguageModelChatMessageRole.User || m.role === vscode.LanguageModelChatMessageRole.Assistant),
      ),
    );
    assert.strictEqual(session.usage().calls, requests.length);
  });

  it('cancels the model requests when the run is aborted', async () => {
    const { model, requests } = scriptedModel('4', { hang: true });
    const session = new VscodeLmSession(model, 2);
    const controller = new AbortController();
    const run = evaluate(input, { method: 'geval', aspects: ['coherence'], samples: 2, session }, { signal: controller.signal });
    while (requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const result = await run;
    assert.strictEqual(result.cancelled, true);
    assert.ok(
      requests.every((r) => r.token.isCancellationRequested),
      'every request saw the cancellation',
    );
  });

  it("fits a long source to the model's maxInputTokens, named as the window's source; sumlens.contextTokens comes first", async () => {
    const filler = Array.from({ length: 3000 }, (_, i) => `Item ${i} of the routine agenda was read out and noted.`).join(' ');
    const long = { ...input, source: `${filler} ${input.source} ${filler}` };
    const { model, requests } = scriptedModel('4', { maxInputTokens: 4000 });
    const session = new VscodeLmSession(model, 2);
    assert.deepStrictEqual(await session.contextWindow(), { tokens: 4000, from: 'server', detail: "VS Code's maxInputTokens for scripted-model" });
    const result = await evaluate(long, { method: 'geval', aspects: ['consistency'], samples: 2, session });
    const [consistency] = result.aspects;
    assert.strictEqual(consistency.sourceShown?.reason, 'context');
    assert.ok(
      consistency.provenance?.fallbacks?.some((f) => f.endsWith("context 4,000 tokens (VS Code's maxInputTokens for scripted-model)")),
      JSON.stringify(consistency.provenance),
    );
    assert.ok(
      requests.every((r) => r.messages.some((m) => JSON.stringify(m.content).includes('12 million euros'))),
      'the matching sentence is shown',
    );

    const told = new VscodeLmSession(model, 2, { tokens: 3000, detail: 'sumlens.contextTokens 3000' });
    assert.deepStrictEqual(await told.contextWindow(), { tokens: 3000, from: 'user', detail: 'sumlens.contextTokens 3000' });
  });
});
