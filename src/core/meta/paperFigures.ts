/**
 * Published correlations of G-Eval-4 (Liu et al., "G-Eval: NLG Evaluation using GPT-4 with
 * Better Human Alignment", EMNLP 2023, arXiv:2303.16634), printed beside ours after a bench
 * run. Table 1: SummEval, summary level, Spearman ρ and Kendall τ. Table 2: Topical-Chat, turn
 * level, Pearson r and Spearman ρ. Table 3: QAGS, Pearson r, Spearman ρ, Kendall τ.
 *
 * Every figure was checked against the tables of the paper's text in
 * ../shared/seeds/003_*.txt (Table 1 row GPT-EVAL-4, Table 2 row GPTEVAL-4, Table 3 row
 * GPTEVAL-4). Table 2's caption names Spearman and Kendall, but the paper's text and the
 * column pairs say Pearson and Spearman per aspect; we read it as the text says.
 */
import type { DatasetKind } from './datasets';

export interface PaperFigure {
  aspect: string;
  pearson?: number;
  spearman?: number;
  kendall?: number;
}

export interface PaperTable {
  source: string;
  figures: PaperFigure[];
}

const SOURCE = 'G-Eval-4, Liu et al. 2023 (arXiv:2303.16634)';

const SUMMEVAL: PaperTable = {
  source: `${SOURCE}, Table 1 (summary level)`,
  figures: [
    { aspect: 'coherence', spearman: 0.582, kendall: 0.457 },
    { aspect: 'consistency', spearman: 0.507, kendall: 0.425 },
    { aspect: 'fluency', spearman: 0.455, kendall: 0.378 },
    { aspect: 'relevance', spearman: 0.547, kendall: 0.433 },
  ],
};

const TOPICAL_CHAT: PaperTable = {
  source: `${SOURCE}, Table 2 (turn level)`,
  figures: [
    { aspect: 'naturalness', pearson: 0.549, spearman: 0.565 },
    { aspect: 'coherence', pearson: 0.594, spearman: 0.605 },
    { aspect: 'engagingness', pearson: 0.627, spearman: 0.631 },
    { aspect: 'groundedness', pearson: 0.531, spearman: 0.551 },
  ],
};

const QAGS_CNN: PaperTable = {
  source: `${SOURCE}, Table 3 (QAGS-CNN)`,
  figures: [{ aspect: 'consistency', pearson: 0.631, spearman: 0.685, kendall: 0.591 }],
};

const QAGS_XSUM: PaperTable = {
  source: `${SOURCE}, Table 3 (QAGS-XSum)`,
  figures: [{ aspect: 'consistency', pearson: 0.558, spearman: 0.537, kendall: 0.472 }],
};

/** The published figures for a dataset (QAGS: CNN or XSum by file name), or undefined when the paper has none for it. */
export function paperTableFor(kind: DatasetKind, datasetPath: string): PaperTable | undefined {
  if (kind === 'summeval') return SUMMEVAL;
  if (kind === 'topical_chat') return TOPICAL_CHAT;
  if (kind === 'qags') return /xsum/i.test(datasetPath) ? QAGS_XSUM : /cnn/i.test(datasetPath) ? QAGS_CNN : undefined;
  return undefined;
}
