import * as assert from 'node:assert/strict';
import { evaluateFine } from '../../../src/core/fine/evaluateFine';
import { CJK_READABILITY_NOTE } from '../../../src/core/fine/readability';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { schemaName, scriptedJudge, userContent } from '../../fixtures/fine/scriptedJudge';

const SOURCE = '𠮷田社長は２０２５年３月に会見を開いた。同社の売上は３割増えた。';
const SUMMARY = '𠮷田社長は2025年3月に会見した。売上は５割増えた。「増益だ！」と社長は述べた。';
const SENTENCES = ['𠮷田社長は2025年3月に会見した。', '売上は５割増えた。', '「増益だ！」と社長は述べた。'];

describe('fine-grained evaluation of a Japanese summary through the fake server', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(
      scriptedJudge({
        entities: () => SENTENCES.map((s) => ({ text: s, quotes: [s] })),
        answer: (angle, _id, text) => (angle.startsWith('correctness') && text.startsWith('売上') ? 'No' : 'Yes'),
        // The judge quotes half-width digits where the summary has full-width ones.
        issues: (angle) => (angle === 'readability-language' ? [{ quote: '売上は5割', category: 'grammar', explanation: '助詞が不自然' }] : []),
      }),
    );
  });
  after(() => server.close());

  it('splits readability by Japanese sentences, tells the judge not to apply English grammar, and locates width-variant quotes exactly', async () => {
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'test', model: 'fake-model', cacheDir: null });
    const result = await evaluateFine({ source: SOURCE, summary: SUMMARY }, { session });
    assert.equal(result.stats?.sentences, 3);
    const readabilityPrompts = server.chatRequests.filter((r) => schemaName(r).startsWith('fine_readability')).map(userContent);
    assert.equal(readabilityPrompts.length, 2);
    for (const prompt of readabilityPrompts) assert.ok(prompt.includes(CJK_READABILITY_NOTE));

    const issue = result.findings.find((f) => f.kind === 'readability');
    assert.ok(issue && issue.located !== false);
    assert.equal(SUMMARY.slice(issue.start, issue.end), '売上は５割');
    const incorrect = result.findings.find((f) => f.kind === 'incorrect' || f.kind === 'unsupported');
    assert.ok(incorrect);
    assert.equal(SUMMARY.slice(incorrect.start, incorrect.end), '売上は５割増えた。');
  });
});
