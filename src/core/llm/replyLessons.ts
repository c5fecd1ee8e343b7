/**
 * What a server's replies show about it without a refusal: a thinking model, n ignored,
 * log-probabilities dropped. A silent drop is counted over the run's requests and only
 * remembered once every one of them showed it. Apart from the session because it is the
 * learning that follows a reply, not the sending of one.
 */
import { SILENT_QUIRK_TTL_MS, type QuirkName } from './capabilityStore';
import { isCutOff, type Sent } from './chatResults';
import type { QuirkNotes } from './quirkNotes';
import type { Capabilities, ChatRequest } from './types';

/** Requests of one run that must all show a silent drop before it is remembered: one odd reply teaches nothing. */
export const SILENT_DROP_EVIDENCE = 3;

export class ReplyLessons {
  /** This run's requests that asked for what servers drop silently, and what came back. */
  private readonly silent = { logprobs: { dropped: 0, given: 0 }, n: { ignored: 0, honoured: 0, most: 0 } };
  /** Silent drops this run remembered: forgotten again if a later reply of the run contradicts them. */
  private readonly silentLearned = new Set<QuirkName>();

  constructor(private readonly notes: QuirkNotes) {}

  /**
   * What a reply shows about the server, noted before the slot goes to the next request (so
   * that one is already shaped by it): a thinking model, n ignored, logprobs dropped.
   */
  learnFromReply(request: ChatRequest, { choices, body }: Sent): void {
    if (choices.some((c) => c.reasoning) && !this.notes.capabilities().reasoning) {
      this.notes.learn({ reasoning: true }, 'its replies carry the model’s reasoning');
    }
    if (choices.some(isCutOff)) {
      const limit = String(body.max_completion_tokens ?? body.max_tokens);
      this.notes.observe({ reasoning: true }, `an answer was cut off by the token limit (${limit}) before any answer: asked again with room for reasoning`);
    }
    const wanted = request.n ?? 1;
    if (wanted > 1) {
      const ignored = choices.length < wanted;
      this.countSilent('n', ignored, choices.length);
      if (ignored) {
        this.notes.observe(
          { nCap: Math.max(1, choices.length) },
          `the server returned ${choices.length} answer(s) for n=${wanted} (n ignored): the rest drawn in further requests`,
        );
      }
    }
    if (request.topLogprobs && choices.some((c) => c.text.trim())) {
      const dropped = choices.some((c) => c.text.trim() && !c.logprobs?.length);
      this.countSilent('logprobs', dropped, 0);
      // Asked for and not given (Ollama before 0.12.11, LM Studio, Ollama Cloud): sampling route for this run.
      if (dropped)
        this.notes.observe({ logprobs: false }, 'the server returned no token log-probabilities although asked (logprobs silently dropped): sampling route');
    }
  }

  /**
   * Counts a request that could show a silent drop. Once every such request of the run (at
   * least SILENT_DROP_EVIDENCE) showed it, it is remembered for a day, so the next run does
   * not ask again; a later reply that contradicts it forgets it.
   */
  private countSilent(what: 'logprobs' | 'n', dropped: boolean, answers: number): void {
    const quirk: QuirkName = what === 'logprobs' ? 'logprobs' : 'nCap';
    if (what === 'logprobs') this.silent.logprobs[dropped ? 'dropped' : 'given']++;
    else {
      this.silent.n[dropped ? 'ignored' : 'honoured']++;
      if (dropped) this.silent.n.most = Math.max(this.silent.n.most, answers);
    }
    const [seen, contradicted] =
      what === 'logprobs' ? [this.silent.logprobs.dropped, this.silent.logprobs.given] : [this.silent.n.ignored, this.silent.n.honoured];
    if (contradicted > 0) {
      if (this.silentLearned.delete(quirk)) this.notes.forget([quirk], `forgot: ${what} silently dropped (a later reply of this run had it)`);
      return;
    }
    if (seen !== SILENT_DROP_EVIDENCE) return;
    this.silentLearned.add(quirk);
    const change: Capabilities = what === 'logprobs' ? { logprobs: false } : { nCap: Math.max(1, this.silent.n.most) };
    const because =
      what === 'logprobs'
        ? `token log-probabilities silently dropped on all ${seen} requests of a run that asked for them`
        : `n silently ignored on all ${seen} requests of a run that asked for several answers`;
    this.notes.learn(change, because, SILENT_QUIRK_TTL_MS);
  }
}
