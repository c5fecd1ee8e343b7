/**
 * A thinking model's reply: hidden reasoning tokens (OpenAI), or reasoning in its own field
 * (vLLM `reasoning_content`/`reasoning`, Ollama `reasoning`), or `<think>…</think>` in the
 * content. Thinking counts against the token limit: a limit too small for it gives an empty
 * answer with finish_reason "length". The thought ends on a misleading score, so a reader
 * that looked at the thinking would give a different number.
 */
export type ThinkingStyle = 'hidden' | 'reasoning_content' | 'reasoning' | 'think-tags';

export const MISLEADING_THOUGHT = 'The summary is poor. Score: 1';

export function withThinking(completion: any, body: any, style: ThinkingStyle, thinkingTokens: number): any {
  const limit = Number(body.max_completion_tokens ?? body.max_tokens ?? Infinity);
  const cutOff = limit < thinkingTokens + 1;
  const thoughtTokens = MISLEADING_THOUGHT.split(/(?= )/).map((token) => ({
    token,
    logprob: -0.1,
    bytes: null,
    top_logprobs: [{ token, logprob: -0.1, bytes: null }],
  }));
  for (const choice of completion.choices) {
    const answer = choice.message.content;
    const answerTokens = choice.logprobs?.content ?? null;
    if (style === 'think-tags') {
      const open = { token: '<think>', logprob: 0, bytes: null, top_logprobs: [] };
      const close = { token: '</think>', logprob: 0, bytes: null, top_logprobs: [] };
      choice.message.content = cutOff ? `<think>${MISLEADING_THOUGHT}` : `<think>${MISLEADING_THOUGHT}</think>\n\n${answer}`;
      if (answerTokens) choice.logprobs.content = cutOff ? [open, ...thoughtTokens] : [open, ...thoughtTokens, close, ...answerTokens];
    } else {
      if (style !== 'hidden') choice.message[style] = MISLEADING_THOUGHT;
      choice.message.content = cutOff ? (style === 'hidden' ? '' : null) : answer;
      // vLLM's logprobs cover every generated token, the thinking first (assumed in the guide).
      if (answerTokens && style !== 'hidden') choice.logprobs.content = cutOff ? thoughtTokens : [...thoughtTokens, ...answerTokens];
    }
    if (cutOff) choice.finish_reason = 'length';
  }
  const spent = cutOff ? limit : thinkingTokens;
  completion.usage.completion_tokens += spent * completion.choices.length;
  completion.usage.completion_tokens_details = { reasoning_tokens: spent * completion.choices.length };
  return completion;
}
