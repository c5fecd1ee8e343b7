/** The fake judge server the UI test starts in its own process (bundled by scripts/test-ui.mjs). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auditItems, auditJudge } from '../fake/auditJudges';
import { chooseJudge } from '../fake/chooseJudge';
import { FakeOpenAiServer, type ChatHandler } from '../fake/openaiServer';
import { isPairwisePrompt, pairwiseAnswer, rankingAnswer, rankingRows, RIGHT_SUMMARY, WRONG_SUMMARY } from '../fake/pairwiseJudge';
import { scenarioHandler } from '../vscode/fakeJudge';
import { longSource } from '../vscode/longSource';
import { fixtureScenario, japaneseSampleScenario } from '../vscode/scenario';

let scenario: ReturnType<typeof fixtureScenario>;

/**
 * The fixture's scripted judge; score prompts about other texts (the human-scored items of
 * "Measure against people") get a score that varies with the prompt, as a real judge's would.
 */
function judge(scenario: ReturnType<typeof fixtureScenario>): ChatHandler {
  const fixture = scenarioHandler(scenario);
  const chooser = chooseJudge('chooser');
  return (request) => {
    const prompt = JSON.stringify(request.body?.messages ?? '');
    // The aspect-choice question (method choose): the judge chooses the aspects from the catalogue.
    if (prompt.includes('aspects list:')) return chooser(request);
    if (isPairwisePrompt(request)) return prompt.includes('quality level') ? rankingAnswer(request) : pairwiseAnswer(request);
    if (request.body?.response_format || prompt.includes('Lakeford')) return fixture(request);
    let hash = 0;
    for (let i = 0; i < prompt.length; i++) hash = (hash * 31 + prompt.charCodeAt(i)) >>> 0;
    const value = String(1 + (hash % 5));
    if (request.body.logprobs) return { choices: [{ text: value, tokens: [{ token: value, top: { [value]: Math.log(0.8) } }] }] };
    return { choices: Array.from({ length: request.body.n ?? 1 }, () => ({ text: value })) };
  };
}

export async function startFakeJudge(source: string): Promise<FakeOpenAiServer> {
  const server = await FakeOpenAiServer.start({ latencyMs: 40 });
  scenario = fixtureScenario(source);
  server.setHandler(judge(scenario));
  return server;
}

/** Until the returned function is called, the fine-grained correctness judges never answer. */
export function hangJudges(server: FakeOpenAiServer): () => void {
  const answer = judge(scenario);
  server.setHandler((request) => (request.body?.response_format?.json_schema?.name?.startsWith('fine_correctness') ? { hang: true } : answer(request)));
  return () => server.setHandler(answer);
}

/**
 * Until the returned function is called, sampled score answers about the fixture vary from
 * draw to draw (as a real judge's do at temperature 1), so independent runs disagree.
 */
export function varyJudges(server: FakeOpenAiServer): () => void {
  const answer = judge(scenario);
  // 13 draws: a length prime to the calls of a run, so no aspect keeps getting the same ones.
  const draws = [3, 4, 4, 5, 3, 4, 2, 4, 5, 3, 3, 4, 5];
  let next = 0;
  server.setHandler((request) => {
    const body = request.body ?? {};
    const prompt = JSON.stringify(body.messages ?? '');
    if (body.response_format || body.logprobs || !prompt.includes('Evaluation Form')) return answer(request);
    const high = Number(/\(1-(\d+)\):/.exec(prompt)?.[1] ?? 5); // fluency is 1-3
    return { choices: Array.from({ length: body.n ?? 1 }, () => ({ text: String(Math.min(high, draws[next++ % draws.length])) })) };
  });
  return () => server.setHandler(answer);
}

/** The two summaries Compare Two Summaries is run on, written into the test's copy of the workspace. */
export function writeCompareSummaries(workspace: string): void {
  fs.writeFileSync(path.join(workspace, 'summary-right.md'), RIGHT_SUMMARY + '\n');
  fs.writeFileSync(path.join(workspace, 'summary-wrong.md'), WRONG_SUMMARY + '\n');
}

/** Rank Systems' data (4 systems × 6 documents), written into the test's copy of the workspace. */
export function writeRankingData(workspace: string): void {
  fs.writeFileSync(
    path.join(workspace, 'ranking-systems.jsonl'),
    rankingRows()
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n',
  );
}

/** The audit's items, written into the test's copy of the workspace as audit-items.jsonl. */
export function writeAuditItems(workspace: string): void {
  fs.writeFileSync(
    path.join(workspace, 'audit-items.jsonl'),
    auditItems(30)
      .map((item) => JSON.stringify(item))
      .join('\n') + '\n',
  );
}

/** Until the returned function is called, the judge favours longer summaries (the audit's length fault). */
export function lengthBiasedJudge(server: FakeOpenAiServer): () => void {
  const answer = judge(scenario);
  server.setHandler(auditJudge('length'));
  return () => server.setHandler(answer);
}

/** A long source for the long-source step: the fixture's article on line 2,501 of 5,000 (long-article.txt). */
export function writeLongSource(workspace: string): void {
  const article = fs.readFileSync(path.join(workspace, 'article.txt'), 'utf8');
  fs.writeFileSync(path.join(workspace, 'long-article.txt'), longSource(article, 5000, 2500));
}

/** The scripted judge of the Japanese editor's step: it knows the Japanese sample's planted facts. */
export async function startJapaneseJudge(source: string): Promise<FakeOpenAiServer> {
  const server = await FakeOpenAiServer.start({ latencyMs: 40 });
  server.setHandler(scenarioHandler(japaneseSampleScenario(source)));
  return server;
}
