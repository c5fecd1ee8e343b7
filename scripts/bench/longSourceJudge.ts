/**
 * The judge of the editor's long-source benchmark, run in the benchmark's own process (not the
 * extension host, so the host's CPU time is SumLens's alone): the fixture's scripted judge on a
 * long source whose `missing` padding lines are also facts the summary misses, so that a
 * fine-grained run leaves that many diagnostics on the long document.
 */
import { FakeOpenAiServer } from '../../test/fake/openaiServer';
import { scenarioHandler } from '../../test/vscode/fakeJudge';
import { longSource } from '../../test/vscode/longSource';
import { fixtureScenario } from '../../test/vscode/scenario';

export { longSource };

export async function startLongSourceJudge(source: string, missing: number): Promise<FakeOpenAiServer> {
  const scenario = fixtureScenario(source);
  const lines = source.split('\n');
  const seen = new Set<string>();
  for (let k = 0; k < lines.length && scenario.sourceFacts.length < missing + 3; k += Math.max(1, Math.floor(lines.length / missing))) {
    const quote = lines[k].trim();
    // A line written twice could not be told apart: each fact stands on a line of its own.
    if (!quote || seen.has(quote) || lines.indexOf(quote) !== lines.lastIndexOf(quote) || quote.includes('Lakeford')) continue;
    seen.add(quote);
    scenario.sourceFacts.push({ text: `Padding fact ${scenario.sourceFacts.length}`, quote, answer: 'No', explanation: 'the summary does not mention it' });
  }
  const server = await FakeOpenAiServer.start();
  server.setHandler(scenarioHandler(scenario));
  return server;
}
