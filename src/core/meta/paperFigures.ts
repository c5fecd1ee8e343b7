/**
 * Published correlations beside which a run is printed. G-Eval-4 (Liu et al., "G-Eval: NLG Evaluation using GPT-4 with
 * Better Human Alignment", EMNLP 2023, arXiv:2303.16634), printed beside a run only when the
 * run is on the same dataset under the same protocol (see paperBeside.ts). Table 1: SummEval,
 * summary level, Spearman ρ and Kendall τ. Table 2: Topical-Chat, turn level, Pearson r and
 * Spearman ρ. Table 3: QAGS, Pearson r, Spearman ρ, Kendall τ.
 *
 * Every figure was checked against the tables of the paper's text (Table 1 row GPT-EVAL-4,
 * Table 2 row GPTEVAL-4, Table 3 row GPTEVAL-4). Table 2's caption names Spearman and Kendall, but the paper's text and the
 * column pairs say Pearson and Spearman per aspect; we read it as the text says.
 *
 * Wu et al., "Less is More for Long Document Summary Evaluation by LLMs" (EACL 2024,
 * arXiv:2309.07382): gpt-4-0613 on LongEval's 40 PubMed summaries against fine_score_mean,
 * the whole paper in the prompt and extract-then-evaluate, as ../shared/datasets/long/README.md
 * quotes them (the table number is not quoted there; the label names the two settings instead).
 */
import type { DatasetKind, Level } from '../datasets/dataset';

export interface PaperFigure {
  aspect: string;
  /** How the paper's judge was run, when it reports one aspect several ways ("whole document"). */
  setting?: string;
  pearson?: number;
  spearman?: number;
  kendall?: number;
}

/** One published table and the protocol it was measured under. */
export interface PaperTable {
  /** Paper, model and table, as printed beside a run. */
  paper: string;
  model: string;
  table: string;
  dataset: string;
  level: Level;
  /** Items the paper's figures are over; a run must have scored all of them. */
  items: number;
  /** datasetFingerprint of the paper's dataset (any file with exactly its items). */
  fingerprint: string;
  figures: PaperFigure[];
}

const PAPER = 'Liu et al. 2023, G-Eval (arXiv:2303.16634)';
const MODEL = 'G-Eval-4 (GPT-4)';

/** One of the G-Eval paper's tables: the protocol it was measured under and its figures. */
function gEvalTable(table: string, measured: Pick<PaperTable, 'dataset' | 'level' | 'items' | 'fingerprint'>, figures: PaperFigure[]): PaperTable {
  return { paper: PAPER, model: MODEL, table, ...measured, figures };
}

const SUMMEVAL = gEvalTable('Table 1', { dataset: 'SummEval', level: 'summary', items: 1600, fingerprint: '5a737d049909b871' }, [
  { aspect: 'coherence', spearman: 0.582, kendall: 0.457 },
  { aspect: 'consistency', spearman: 0.507, kendall: 0.425 },
  { aspect: 'fluency', spearman: 0.455, kendall: 0.378 },
  { aspect: 'relevance', spearman: 0.547, kendall: 0.433 },
]);

// The paper's "turn level": every response pooled.
const TOPICAL_CHAT = gEvalTable('Table 2', { dataset: 'Topical-Chat', level: 'sample', items: 360, fingerprint: 'd219640d8aa93263' }, [
  { aspect: 'naturalness', pearson: 0.549, spearman: 0.565 },
  { aspect: 'coherence', pearson: 0.594, spearman: 0.605 },
  { aspect: 'engagingness', pearson: 0.627, spearman: 0.631 },
  { aspect: 'groundedness', pearson: 0.531, spearman: 0.551 },
]);

const QAGS_CNN = gEvalTable('Table 3', { dataset: 'QAGS-CNN', level: 'sample', items: 235, fingerprint: '5ee5d87309e0fd81' }, [
  { aspect: 'consistency', pearson: 0.631, spearman: 0.685, kendall: 0.591 },
]);

const QAGS_XSUM = gEvalTable('Table 3', { dataset: 'QAGS-XSum', level: 'sample', items: 239, fingerprint: 'd6d50702a78cdb4e' }, [
  { aspect: 'consistency', pearson: 0.558, spearman: 0.537, kendall: 0.472 },
]);

const LONGEVAL_PUBMED: PaperTable = {
  paper: 'Wu et al. 2024, Less is More for Long Document Summary Evaluation by LLMs (arXiv:2309.07382)',
  model: 'gpt-4-0613',
  table: 'whole document and extract-then-evaluate',
  dataset: 'LongEval PubMed',
  level: 'sample',
  items: 40,
  fingerprint: 'a2ffce9a1a0152cf',
  figures: [
    { aspect: 'faithfulness', setting: 'whole document', pearson: 0.64, spearman: 0.7 },
    { aspect: 'faithfulness', setting: 'extract-then-evaluate', pearson: 0.76, spearman: 0.8 },
  ],
};

const TABLES = [SUMMEVAL, TOPICAL_CHAT, QAGS_CNN, QAGS_XSUM, LONGEVAL_PUBMED];

/** The published tables measured on datasets of this kind (the candidates a run may be compared with). */
export function paperTablesFor(kind: DatasetKind): PaperTable[] {
  if (kind === 'summeval') return [SUMMEVAL];
  if (kind === 'topical_chat') return [TOPICAL_CHAT];
  if (kind === 'qags') return [QAGS_CNN, QAGS_XSUM];
  if (kind === 'longeval') return [LONGEVAL_PUBMED];
  return [];
}

/** The published table for exactly this dataset (by content fingerprint), if there is one. */
export function paperTableByFingerprint(fingerprint: string): PaperTable | undefined {
  return TABLES.find((t) => t.fingerprint === fingerprint);
}
