/** What every step of a fine-grained run shares: the session, templates, limits, progress. */
import { reasonLanguageNote } from '../prompts/reasonLanguage';
import type { LlmSession } from '../llm/types';
import type { Template } from '../prompts';
import { loadFineTemplate } from './messages';
import { indexNoteInSlices, type NoteIndex } from './spans';
import { estimateTokens, type SplitLimits } from './tokens';

export interface FineContext {
  session: LlmSession;
  /**
   * The session for a judging call whose entity list can still be halved: there a
   * context-too-long error does not stop the run (judge.ts halves the list instead).
   */
  splittableSession: LlmSession;
  signal?: AbortSignal;
  limits: SplitLimits;
  /** Estimated tokens of note one extraction chain takes; longer notes are extracted in chunks. */
  extractionChunkTokens: number;
  /** Similarity a fuzzy quote match must reach. */
  fuzzyThreshold: number;
  /** Instructions stated after the judging prompts (the language of the explanations: prompts/reasonLanguage.ts). */
  reasonNotes: string[];
  /** Tokens of a text: the session's own count where it has one, else the estimate of tokens.ts. */
  countTokens(text: string): number;
  template(name: string): Template;
  /**
   * A note indexed for locating quotes, once per run (extraction and the findings both need
   * the source's; a 100,000-word one takes a noticeable part of a second), built in slices.
   */
  noteIndex(text: string): Promise<NoteIndex>;
  /** Count calls as planned (negative: planned calls that turned out not to be needed)… */
  planCalls(count: number): void;
  /** … and each one as done. */
  callDone(label: string): void;
  /** Names a fallback the run took ("context halved: …"); the result lists them. */
  fallback(what: string): void;
  readonly fallbacks: string[];
}

export interface ProgressEvent {
  done: number;
  total: number;
  label: string;
}

export function createContext(opts: {
  session: LlmSession;
  splittableSession?: LlmSession;
  signal?: AbortSignal;
  promptOverrideDir?: string;
  limits: SplitLimits;
  extractionChunkTokens: number;
  fuzzyThreshold: number;
  reasonLanguage?: string;
  onProgress?: (p: ProgressEvent) => void;
}): FineContext {
  const reasonNote = reasonLanguageNote(opts.reasonLanguage);
  const templates = new Map<string, Template>();
  const noteIndexes = new Map<string, Promise<NoteIndex>>();
  let done = 0;
  let total = 0;
  const fallbacks: string[] = [];
  return {
    session: opts.session,
    splittableSession: opts.splittableSession ?? opts.session,
    signal: opts.signal,
    limits: opts.limits,
    extractionChunkTokens: opts.extractionChunkTokens,
    fuzzyThreshold: opts.fuzzyThreshold,
    reasonNotes: reasonNote === undefined ? [] : [reasonNote],
    countTokens: opts.session.countTokens ? (text) => opts.session.countTokens!(text) : estimateTokens,
    template(name) {
      let template = templates.get(name);
      if (!template) {
        template = loadFineTemplate(name, opts.promptOverrideDir);
        templates.set(name, template);
      }
      return template;
    },
    noteIndex(text) {
      let index = noteIndexes.get(text);
      if (!index) noteIndexes.set(text, (index = indexNoteInSlices(text)));
      return index;
    },
    planCalls(count) {
      total += count;
    },
    callDone(label) {
      done++;
      opts.onProgress?.({ done, total: Math.max(total, done), label });
    },
    fallback(what) {
      fallbacks.push(what);
    },
    fallbacks,
  };
}
