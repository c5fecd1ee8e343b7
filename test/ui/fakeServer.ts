/** The fake judge server the UI test starts in its own process (bundled by scripts/test-ui.mjs). */
import { FakeOpenAiServer } from '../fake/openaiServer';
import { scenarioHandler } from '../vscode/fakeJudge';
import { fixtureScenario } from '../vscode/scenario';

let scenario: ReturnType<typeof fixtureScenario>;

export async function startFakeJudge(source: string): Promise<FakeOpenAiServer> {
  const server = await FakeOpenAiServer.start({ latencyMs: 40 });
  scenario = fixtureScenario(source);
  server.setHandler(scenarioHandler(scenario));
  return server;
}

/** Until the returned function is called, the fine-grained correctness judges never answer. */
export function hangJudges(server: FakeOpenAiServer): () => void {
  const answer = scenarioHandler(scenario);
  server.setHandler((request) =>
    request.body?.response_format?.json_schema?.name?.startsWith('fine_correctness') ? { hang: true } : answer(request),
  );
  return () => server.setHandler(answer);
}
