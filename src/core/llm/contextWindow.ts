/**
 * Which context window to trust, in order: what the user set (they know their server), what
 * a too-long error or a silent cut taught (this run or remembered: the server's own
 * behaviour), what the server's metadata says, and last the dated table of well-known
 * models. The session (contextWindow()) and `sumlens probe` both decide by this one rule.
 */
import { tableContextWindow } from './contextTable';
import type { ServerContext } from './serverContext';
import type { ContextWindow } from './types';

/**
 * The smallest window a server is known to start a model with (Ollama's default before
 * 0.6.7). A prompt within it needs no window to be asked for: a server set up smaller still
 * refuses or cuts it, and the session learns the window from that as from any too-long reply.
 */
export const SMALLEST_STARTING_WINDOW = 2048;

/**
 * A prompt whose high estimate (characters / 4, ×1.25) is within this share of the window
 * fits without an exact count: the tokenizer is not loaded for it.
 */
export const EXACT_COUNT_SHARE = 0.5;

export interface ContextEvidence {
  model: string;
  user?: { tokens: number; detail: string };
  learned?: ContextWindow;
  /** Asked only when neither the user nor anything learned tells. */
  server(): Promise<ServerContext>;
}

export async function decideContextWindow(evidence: ContextEvidence): Promise<ContextWindow | undefined> {
  if (evidence.user) return { tokens: evidence.user.tokens, from: 'user', detail: evidence.user.detail };
  if (evidence.learned) return evidence.learned;
  return (await evidence.server()).window ?? tableContextWindow(evidence.model);
}
