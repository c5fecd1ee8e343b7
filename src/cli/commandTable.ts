/**
 * The commands of `sumlens`, and where each one is defined. Only the command being run is
 * loaded (its module, with the engine it needs); the others are listed by name and summary,
 * which is all `sumlens --help` shows. This keeps start-up as fast as a bare `node`.
 *
 * A new command: a module in src/cli/commands/ exporting a register function, and a row here.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  /** File in src/cli/commands/ (and dist/commands/ when bundled), without extension. */
  module: string;
  /** The module's export that adds the command to the program. */
  register: string;
}

export const commandTable: readonly CommandEntry[] = [
  { name: 'eval', summary: 'score a summary against its source, aspect by aspect', module: 'eval', register: 'registerEval' },
  { name: 'meta', summary: 'correlate predicted scores with human scores (Pearson, Spearman, Kendall tau-b)', module: 'meta', register: 'registerMeta' },
  { name: 'replay', summary: 'score recorded judge answers and correlate with human scores', module: 'replay', register: 'registerReplay' },
  {
    name: 'bench',
    summary: 'run an evaluator over a human-annotated dataset, then correlate with the human scores',
    module: 'bench',
    register: 'registerBench',
  },
  {
    name: 'probe',
    summary: 'what this endpoint and model can do (logprobs, n, temperature, structured output, streaming, reasoning), and what a run costs',
    module: 'probe',
    register: 'registerProbe',
  },
  {
    name: 'capabilities',
    summary: 'list (or --reset) the endpoint quirks SumLens learned and remembers (refusals 7 days, silent drops 1 day)',
    module: 'capabilities',
    register: 'registerCapabilities',
  },
  {
    name: 'rescore',
    summary: 'score a run file again at new parse rules or thresholds, without calling the judge',
    module: 'rescore',
    register: 'registerRescore',
  },
  {
    name: 'audit',
    summary: 'is the judge fair? probes (length, address, facts, order, damage) and paired tests on your items',
    module: 'audit',
    register: 'registerAudit',
  },
  {
    name: 'agreement',
    summary: "how well a judge agrees with people: Krippendorff's alpha, weighted kappa, Spearman, with intervals",
    module: 'agreement',
    register: 'registerAgreement',
  },
  {
    name: 'calibrate',
    summary: "map a judge's scores to your people's scale (isotonic), with its cross-validated agreement before and after",
    module: 'calibrate',
    register: 'registerCalibrate',
  },
  {
    name: 'align',
    summary: 'teach the judge your scores: scored examples in its template, measured on documents it never saw',
    module: 'align',
    register: 'registerAlign',
  },
  {
    name: 'review',
    summary: 'people rate items in the workspace: create a review (items dealt to raters), its status and agreement, import and export ratings',
    module: 'review',
    register: 'registerReview',
  },
  {
    name: 'pairwise',
    summary: 'which summary is better? both orders, ties, position and length bias; a win rate or a Bradley–Terry ranking of many systems',
    module: 'pairwise',
    register: 'registerPairwise',
  },
  {
    name: 'compare',
    summary: 'compare two runs item by item: mean differences, paired intervals and Holm-corrected p-values',
    module: 'compare',
    register: 'registerCompare',
  },
  { name: 'report', summary: 'write a run (or two) as a self-contained HTML report or Markdown', module: 'report', register: 'registerReport' },
  {
    name: 'distill',
    summary: 'write training triples for a reason-grounded judge (question, reasons, answer from human scores), split by document',
    module: 'distill',
    register: 'registerDistill',
  },
  {
    name: 'datasets',
    summary: 'the human-scored sets SumLens knows: list, get NAME (download, checksum-verified), path NAME',
    module: 'datasets',
    register: 'registerDatasets',
  },
  {
    name: 'mcp',
    summary: 'serve SumLens to coding agents over the Model Context Protocol (stdio): evaluate, compare, audit, datasets, cost',
    module: 'mcp',
    register: 'registerMcp',
  },
  { name: 'cache', summary: 'show the answer cache (stats) or empty it (clear)', module: 'cache', register: 'registerCache' },
];
