/** The fake judge server the UI test starts in its own process (bundled by scripts/test-ui.mjs). */
import { FakeOpenAiServer } from '../fake/openaiServer';
import { scenarioHandler } from '../vscode/fakeJudge';
import { fixtureScenario } from '../vscode/scenario';

export async function startFakeJudge(source: string): Promise<FakeOpenAiServer> {
  const server = await FakeOpenAiServer.start({ latencyMs: 40 });
  server.setHandler(scenarioHandler(fixtureScenario(source)));
  return server;
}
