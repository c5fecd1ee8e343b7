/**
 * Named settings for reproducing a paper rather than for everyday use.
 *
 * `geval-paper` is what G-Eval's released script (nlpyang/geval, gpt4_eval.py) sends:
 * the prompt as the system message in the paper's plain layout ("Evaluation Criteria:",
 * "Evaluation Steps:", "Example:", "Evaluation Form (scores ONLY):"), temperature 2,
 * max_tokens 5, top_p 1, n 20 in one request, and its parse rule (leading number, else 0).
 * Temperature 2 and the 0-for-unreadable rule are part of the paper's numbers, not
 * recommendations: use it to compare with the paper, not to judge summaries.
 */
import type { RouteOptions } from './scoreRoutes';

export type PresetName = 'geval-paper';
export const PRESETS: readonly PresetName[] = ['geval-paper'];

export type PromptLayout = 'sumlens' | 'paper';

export interface PresetSettings extends RouteOptions {
  layout: PromptLayout;
}

const presets: Record<PresetName, PresetSettings> = {
  'geval-paper': {
    layout: 'paper',
    preset: 'geval-paper',
    route: 'sampling',
    samples: 20, // G-Eval's own n, whatever SumLens's default (DEFAULT_SAMPLES) is
    maxStandardError: 0,
    sampling: { temperature: 2, maxTokens: 5, topP: 1 },
    parseRule: 'geval',
    promptRole: 'system',
  },
};

/** The route options with the preset's settings laid over them (the preset wins). */
export function withPreset<T extends RouteOptions>(options: T, preset: PresetName | undefined): T & { layout: PromptLayout } {
  return preset ? { ...options, ...presets[preset] } : { ...options, layout: 'sumlens' };
}
