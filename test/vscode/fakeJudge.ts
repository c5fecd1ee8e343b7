/**
 * A scripted judge for the fake OpenAI-compatible server: it answers SumLens's fine-grained
 * prompts (dispatching on the response_format schema name the engine sends) and G-Eval's
 * score prompts, from a small scenario of planted facts. Each fact says which entity the
 * extraction step finds, which words of its note support it, and how the judges vote.
 */
import type { ChatHandler, FakeReply, RecordedRequest } from '../fake/openaiServer';
import { entityLines, quotedNote } from '../fixtures/fine/scriptedJudge';

export interface PlantedFact {
  text: string;
  /** Verbatim words of the note that support the entity (where the finding will be). */
  quote: string;
  /** Every judge's answer for this entity (e.g. "No" = incorrect, "No" = missing for a rubric fact). */
  answer: string;
  /** Verbatim words of the source the judges quote as evidence. */
  evidence?: string;
  explanation?: string;
}

export interface Scenario {
  source: string;
  /** Facts of the summary (judged for correctness). */
  summaryFacts: PlantedFact[];
  /** Facts of the source (the completeness rubric when no reference is given). */
  sourceFacts: PlantedFact[];
  readability?: { quote: string; category: string; explanation: string }[];
  /** The G-Eval score the judge leans to, per aspect ("coherence") or for all ("*"); default 3. */
  scores?: Record<string, number>;
}

const json = (value: unknown): FakeReply => ({ choices: [{ text: JSON.stringify(value) }] });

function lastUser(request: RecordedRequest): string {
  const messages: { role: string; content: string }[] = request.body?.messages ?? [];
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

export function scenarioHandler(scenario: Scenario): ChatHandler {
  const all = [...scenario.summaryFacts, ...scenario.sourceFacts];
  const factFor = (text: string) => all.find((f) => f.text === text);
  return (request) => {
    const body = request.body ?? {};
    const name: string | undefined = body.response_format?.json_schema?.name;
    const user = lastUser(request);
    if (name === 'fine_extract' || name === 'fine_verify' || name === 'fine_source') {
      const note = quotedNote(user);
      // The source, or a chunk of a long one: the source's facts that stand in it.
      const ofSource = note.trim() !== '' && scenario.source.includes(note.trim());
      const facts = (ofSource ? scenario.sourceFacts : scenario.summaryFacts).filter((f) => note.includes(f.quote));
      if (name === 'fine_source') return json({ entities: facts.map((f, i) => ({ id: `E${i + 1}`, quotes: [f.quote] })) });
      return json({ entities: facts.map((f) => ({ text: f.text })) });
    }
    if (name?.startsWith('fine_readability')) {
      const categories: string[] = body.response_format.json_schema.schema?.properties?.issues?.items?.properties?.category?.enum ?? [];
      return json({ issues: (scenario.readability ?? []).filter((i) => categories.includes(i.category)) });
    }
    if (name?.startsWith('fine_')) {
      const angle = name.slice('fine_'.length);
      const results = entityLines(user).map(({ id, text }) => {
        const fact = factFor(text);
        const answer = name.startsWith('fine_alignment') ? 'Yes' : (fact?.answer ?? 'Yes');
        const evidence = fact?.evidence && !name.startsWith('fine_completeness') ? [{ note: 'source', quote: fact.evidence }] : [];
        return { id, explanation: `${angle}: ${fact?.explanation ?? 'checked against the source'}`, evidence, answer };
      });
      return json({ results });
    }
    // G-Eval: a score prompt (few tokens, with or without logprobs), or a reason / steps prompt.
    // The aspect and its scale are read from the template's criteria line, e.g. "Fluency (1-3):".
    const prompt = (body.messages ?? []).map((m: { content: string }) => m.content).join('\n');
    const criteria = /(\w+) \((\d+)-(\d+)\):/.exec(prompt);
    const aspect = criteria?.[1].toLowerCase() ?? '';
    const [low, high] = criteria ? [Number(criteria[2]), Number(criteria[3])] : [1, 5];
    const value = Math.min(high, Math.max(low, scenario.scores?.[aspect] ?? scenario.scores?.['*'] ?? 3));
    const score = String(value);
    if (body.logprobs) {
      // Most of the mass on the score, some on its neighbours.
      const top: Record<string, number> = { [score]: Math.log(0.7) };
      if (value > low) top[String(value - 1)] = Math.log(0.2);
      if (value < high) top[String(value + 1)] = Math.log(0.1);
      return { choices: [{ text: score, tokens: [{ token: score, top }] }] };
    }
    const limit = body.max_tokens ?? body.max_completion_tokens ?? 1000;
    if (limit <= 16) return { choices: Array.from({ length: body.n ?? 1 }, () => ({ text: score })) };
    return { choices: [{ text: 'The summary is mostly clear, but it states a cost the article does not give.' }] };
  };
}
