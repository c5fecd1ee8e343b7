/**
 * The SumLens panel's script (bundled to media/dist/panel.js). It renders whatever model the
 * extension posts, keeps it with setState so the panel comes back after a reload, and builds
 * every node with createElement/textContent: model text is untrusted and never parsed as HTML.
 */
import type { PanelAgreement } from './measurementSchemas';
import { panelModelSchema, type PanelMeasurements, type PanelModel } from './panelModel';
import { fromWebviewSchema, toWebviewSchema, type FromWebview } from './protocol';
import type { PanelResult } from './resultSchema';
import { formatCount, formatEstimate, formatPercent, formatPValue, formatScore, formatSeconds } from './numberFormat';
import { fallbacksText, provenanceLine } from './provenanceText';
import { actionRow, captionedTable, el, intervalBar } from './dom';
import { auditSection } from './auditView';
import { jurySection } from './juryView';
import { choiceSection } from './choiceView';
import { ratingAgreementSection, yourScoreRow } from './yourScoreView';
import { comparisonSection, datasetSection } from './datasetView';
import { spreadSection } from './spreadView';
import { sourceShownSection } from './sourceShownView';
import { ui } from './uiText';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
let model: PanelModel = { result: null, running: false };

function send(message: FromWebview): void {
  vscode.postMessage(fromWebviewSchema.parse(message));
}

function scaleBar(score: number | null, [low, high]: [number, number], label: string): HTMLElement {
  const bar = el('div', 'scale');
  bar.setAttribute('role', 'meter');
  bar.setAttribute('aria-label', label);
  bar.setAttribute('aria-valuemin', String(low));
  bar.setAttribute('aria-valuemax', String(high));
  if (score !== null) {
    bar.setAttribute('aria-valuenow', formatScore(score));
    const fill = el('div', 'scale-fill');
    fill.style.width = `${(100 * (score - low)) / (high - low || 1)}%`;
    bar.append(fill);
  }
  return bar;
}

function distribution(dist: Record<string, number>, [low, high]: [number, number]): HTMLElement {
  const list = el('div', 'dist');
  list.setAttribute('role', 'list');
  list.setAttribute('aria-label', ui('Probability of each score'));
  // Every value of a small integer scale gets a row, so a zero shows as an empty bar.
  const all = new Set(Object.keys(dist));
  if (Number.isInteger(low) && Number.isInteger(high) && high - low <= 10) {
    for (let v = low; v <= high; v++) all.add(String(v));
  }
  for (const value of [...all].sort((a, b) => Number(a) - Number(b))) {
    const p = dist[value] ?? 0;
    const row = el('div', 'dist-row');
    row.setAttribute('role', 'listitem');
    const bar = el('div', 'dist-bar');
    const fill = el('div', 'dist-fill');
    fill.style.width = `${Math.round(p * 100)}%`;
    bar.append(fill);
    row.append(el('span', 'dist-value', value), bar, el('span', 'dist-p', formatPercent(p)));
    list.append(row);
  }
  return list;
}

/** The score on your people's scale, beside the judge's own above it, and the map it came from. */
function calibratedLine(c: NonNullable<PanelResult['aspects'][number]['calibrated']>): string {
  return `calibrated to your people's scale: ${formatScore(c.score)} · map ${c.map.split(/[\\/]/).slice(-2).join('/')}, sha256 ${c.sha256.slice(0, 12)}…`;
}

function aspectCard(aspect: PanelResult['aspects'][number]): HTMLElement {
  const card = el('section', 'card');
  card.setAttribute('aria-label', ui('Aspect {0}', aspect.name));
  const head = el('div', 'card-head');
  head.append(el('h3', undefined, aspect.name));
  const score = aspect.score === null ? '—' : `${formatScore(aspect.score)} / ${aspect.scale[1]}`;
  head.append(el('span', 'score', score));
  card.append(head, scaleBar(aspect.score, aspect.scale, ui('{0} score', aspect.name)));
  if (aspect.calibrated) card.append(el('div', 'muted how', calibratedLine(aspect.calibrated)));
  const unreadable = aspect.unparsed ? `, ${aspect.unparsed} unreadable` : '';
  // Runs saved before provenance existed still say their route.
  const method = aspect.provenance
    ? `${provenanceLine(aspect.provenance)}${unreadable}`
    : aspect.method === 'logprobs'
      ? `log-probabilities · valid mass ${formatPercent(aspect.validMass)}`
      : `sampling · ${aspect.samples ?? '?'} samples${unreadable}`;
  card.append(el('div', 'muted how', method));
  const fallbacks = aspect.provenance ? fallbacksText(aspect.provenance) : '';
  if (fallbacks) card.append(el('div', 'muted how', fallbacks));
  for (const warning of aspect.warnings ?? []) card.append(el('div', 'warning', `⚠ ${warning}`));
  if (aspect.error) card.append(el('div', 'error', aspect.error));
  card.append(distribution(aspect.distribution, aspect.scale));
  if (model.rated && aspect.score !== null) card.append(yourScoreRow(aspect, model.yourScores?.[aspect.name], send));
  if (aspect.reason) {
    card.append(el('h4', undefined, ui('Reason')), el('p', 'reason', aspect.reason));
  }
  if (aspect.steps) {
    const details = el('details');
    details.append(el('summary', undefined, aspect.stepsGenerated ? ui('Evaluation steps (generated)') : ui('Evaluation steps')));
    details.append(el('pre', 'steps', aspect.steps));
    card.append(details);
  }
  return card;
}

/** Colour class of a verdict: Yes is fine; No and Contradict are problems; the rest uncertain. */
function verdictTone(verdict: string): 'good' | 'bad' | 'unsure' {
  if (verdict === 'Yes') return 'good';
  if (verdict === 'No' || verdict === 'Contradict') return 'bad';
  return 'unsure';
}

/** What each fine-grained ratio counts. */
const ratioMeaning = {
  completeness: () => ui('of the key facts are in the summary'),
  correctness: () => ui('of the summary’s facts are correct'),
  alignment: () => ui('of the facts are in the right place'),
  readability: () => ui('of the sentences read without issues'),
} as const;

/** Where an entity stands: the summary ("target" to the engine), the source or the reference. */
const noteNames = { target: () => ui('summary'), source: () => ui('source'), reference: () => ui('reference') } as const;

function fineSection(fine: NonNullable<PanelResult['fine']>): HTMLElement {
  const section = el('section', 'fine');
  section.append(el('h2', undefined, ui('Fine-grained (SumAutoEval)')));
  const metrics = el('div', 'metrics');
  for (const name of ['completeness', 'correctness', 'alignment', 'readability'] as const) {
    const m = fine[name];
    const card = el('div', 'card metric');
    card.append(el('h3', undefined, name));
    card.append(el('span', 'score', m ? `${formatScore(m.score)} / 5` : '—'));
    card.append(scaleBar(m ? m.score : null, [1, 5], ui('{0} score', name)));
    card.append(el('div', 'muted', m ? `${formatPercent(m.ratio)} ${ratioMeaning[name]()}` : ui('not measured')));
    metrics.append(card);
  }
  section.append(metrics);
  for (const error of fine.errors ?? []) section.append(el('div', 'error', error));

  const { table, body } = captionedTable('entities', ui('Entities ({0}) — Enter or click to show in the editor', fine.entities.length), [
    ui('Entity'),
    ui('In'),
    ui('Metric'),
    ui('Verdict'),
    ui('Votes'),
  ]);
  for (const entity of fine.entities) {
    const row = el('tr', `entity verdict-${verdictTone(entity.verdict)}`);
    actionRow(row, ui('{0}: {1}. Show in editor', entity.text, entity.verdict), () => send({ type: 'revealEntity', entityId: entity.id }));
    row.append(
      el('td', undefined, entity.text),
      el('td', undefined, noteNames[entity.note]()),
      el('td', undefined, entity.metric ?? ''),
      el('td', 'verdict', entity.verdict),
      el('td', 'votes', entity.votes.map((v) => v.answer).join(' · ')),
    );
    row.title = entity.votes.map((v) => `${v.prompt}: ${v.answer} — ${v.explanation}`).join('\n');
    body.append(row);
  }
  section.append(table);
  return section;
}

const kindNames: Record<string, () => string> = {
  incorrect: () => ui('Incorrect facts'),
  unsupported: () => ui('Unsupported facts'),
  partial: () => ui('Partly supported facts'),
  missing: () => ui('Missing facts'),
  misplaced: () => ui('Misplaced facts'),
  readability: () => ui('Readability issues'),
};

/** The reviewer's verdicts: per kind of finding, how often they agreed with the judge (95% Wilson interval). */
function agreementSection(rows: PanelAgreement[]): HTMLElement {
  const section = el('section', 'agreement');
  section.append(el('h2', undefined, ui('Your verdicts on the findings')));
  const { table, body } = captionedTable('agreement', ui('How often you agreed with the judge (Agree / Disagree quick fixes), with a 95% Wilson interval'), [
    ui('Kind'),
    ui('Agreed'),
    ui('Share'),
    ui('95% interval'),
    '',
  ]);
  for (const row of rows) {
    const tr = el('tr');
    const interval = el('td');
    interval.append(intervalBar({ value: row.share, low: row.low, high: row.high }, [0, 1], `${formatPercent(row.low)} to ${formatPercent(row.high)}`));
    tr.append(
      el('td', undefined, kindNames[row.kind]?.() ?? row.kind),
      el('td', 'num', ui('{0} of {1}', row.agreed, row.reviewed)),
      el('td', 'num', formatPercent(row.share)),
      el('td', 'num', `${formatPercent(row.low)}–${formatPercent(row.high)}`),
      interval,
    );
    body.append(tr);
  }
  section.append(table);
  return section;
}

const figureText = (f: PanelMeasurements['history'][number]['candidate']) => formatEstimate(f.correlation, f.low, f.high);

/** "12 calls · 9,812 tokens · 1 cache hit". */
function costOf(m: { calls: number; tokens: number; cacheHits: number }): string {
  const calls = m.calls === 1 ? ui('1 call') : ui('{0} calls', formatCount(m.calls));
  const hits = m.cacheHits === 1 ? ui('1 cache hit') : ui('{0} cache hits', formatCount(m.cacheHits));
  return `${calls} · ${ui('{0} tokens', formatCount(m.tokens))} · ${hits}`;
}

/** A template's measurements against people, newest first: did the last edit help? */
function measurementsSection({ templateId, history }: PanelMeasurements): HTMLElement {
  const section = el('section', 'measurements');
  section.append(el('h2', undefined, ui('{0} against people', templateId)));
  const { table, body } = captionedTable(
    'agreement',
    ui(
      'Spearman correlation with the human scores (95% bootstrap interval), beside the built-in template on the same items; Δ with a paired permutation p-value',
    ),
    [ui('When'), ui('Set'), ui('This template'), ui('Built-in'), 'Δ', 'p', ui('Cost')],
  );
  for (const m of history) {
    const tr = el('tr');
    tr.append(
      el('td', 'num', m.at.slice(0, 16).replace('T', ' ')),
      el('td', undefined, m.set),
      el('td', 'num', figureText(m.candidate)),
      el('td', 'num', figureText(m.baseline)),
      el('td', 'num', figureText(m.difference)),
      el('td', 'num', formatPValue(m.pValue)),
      el('td', 'num', costOf(m)),
    );
    body.append(tr);
  }
  section.append(table);
  return section;
}

function usageLine(result: PanelResult): HTMLElement {
  const u = result.usage;
  return el(
    'p',
    'muted usage',
    // English keeps its singulars ("1 call"); a translation has one form for every count.
    ui(
      '{0} calls · {1} prompt + {2} completion tokens · {3} cache hits · {4} retries · {5}',
      formatCount(u.calls),
      formatCount(u.promptTokens),
      formatCount(u.completionTokens),
      formatCount(u.cacheHits),
      formatCount(u.retries),
      formatSeconds(result.durationMs),
    )
      .replace(/^1 calls/, '1 call')
      .replace(/ 1 cache hits/, ' 1 cache hit'),
  );
}

/** Run-level caveats and "How these scores were made": quirks learned, parameters dropped or capped, context halved. */
function runNotes(result: PanelResult): HTMLElement[] {
  const parts: HTMLElement[] = [];
  for (const warning of result.warnings ?? []) parts.push(el('div', 'warning', `⚠ ${warning}`));
  if (result.provenance?.length) {
    const section = el('section', 'how-made');
    section.setAttribute('aria-label', ui('How these scores were made'));
    section.append(el('h2', undefined, ui('How these scores were made')));
    const list = el('ul');
    for (const line of result.provenance) list.append(el('li', undefined, line));
    section.append(list);
    parts.push(section);
  }
  return parts;
}

function render(): void {
  root.replaceChildren();
  const header = el('header');
  header.append(el('h1', undefined, 'SumLens'));
  const actions = el('div', 'actions');
  for (const format of ['json', 'markdown'] as const) {
    const button = el('button', undefined, format === 'json' ? ui('Export JSON') : ui('Export Markdown'));
    // Exports are of one summary's evaluation: hidden while a dataset or a comparison is shown.
    button.disabled = !model.result;
    button.hidden = (model.view ?? 'summary') !== 'summary';
    button.addEventListener('click', () => send({ type: 'export', format }));
    actions.append(button);
  }
  header.append(actions);
  root.append(header);
  root.append(...viewSwitch());

  const status = el('p', 'status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  status.id = 'status';
  if (model.running) status.textContent = model.progress ? model.progress.label : ui('Evaluating…');
  if (model.view === 'dataset' && model.dataset) {
    root.append(status);
    if (model.error) root.append(el('div', 'error', model.error));
    root.append(datasetSection(model.dataset, send));
    return;
  }
  if (model.view === 'comparison' && model.comparison) {
    if (model.error) root.append(el('div', 'error', model.error));
    root.append(comparisonSection(model.comparison));
    return;
  }
  if (model.view === 'audit' && model.audit) {
    root.append(status);
    if (model.error) root.append(el('div', 'error', model.error));
    root.append(auditSection(model.audit));
    return;
  }
  renderSummary(status);
}

/** Tabs between the views that have something to show (one summary, a dataset run, a comparison, an audit). */
function viewSwitch(): HTMLElement[] {
  const views = [
    { view: 'summary' as const, label: ui('Summary'), has: model.result !== null || model.running },
    { view: 'dataset' as const, label: ui('Dataset'), has: model.dataset !== undefined },
    { view: 'comparison' as const, label: ui('Comparison'), has: model.comparison !== undefined },
    { view: 'audit' as const, label: ui('Audit'), has: model.audit !== undefined },
  ].filter((v) => v.has);
  if (views.length < 2) return [];
  const shown = model.view ?? 'summary';
  const bar = el('div', 'views');
  bar.setAttribute('role', 'tablist');
  for (const v of views) {
    const tab = el('button', v.view === shown ? 'view-tab selected' : 'view-tab', v.label);
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(v.view === shown));
    tab.addEventListener('click', () => {
      model = { ...model, view: v.view };
      vscode.setState(model);
      send({ type: 'showView', view: v.view });
      render();
    });
    bar.append(tab);
  }
  return [bar];
}

/** One summary's evaluation: its scores, fine-grained facts, usage, and the template and verdict figures. */
function renderSummary(status: HTMLElement): void {
  if (model.summaryName) {
    const what = `${model.summaryName} ← ${model.sourceName ?? '?'}${model.referenceName ? ` ${ui('(reference: {0})', model.referenceName)}` : ''}`;
    root.append(el('p', 'muted', what));
  }
  root.append(status);
  if (model.error) root.append(el('div', 'error', model.error));

  const result = model.result;
  if (result) {
    root.append(el('p', 'muted', `${result.model} · ${result.method} · ${result.task}${result.cancelled ? ` · ${ui('cancelled (partial results)')}` : ''}`));
    root.append(...runNotes(result));
    const shortened = sourceShownSection(result, model.sourceName, model.notes?.source.length, send);
    if (shortened) root.append(shortened);
    if (result.aspects.length) {
      const cards = el('div', 'cards');
      for (const aspect of result.aspects) cards.append(aspectCard(aspect));
      root.append(cards);
    }
    if (result.choice) root.append(choiceSection(result, result.choice));
    if (result.jury) root.append(jurySection(result.jury));
    if (result.repeat) root.append(spreadSection(result, result.repeat));
    if (result.fine) root.append(fineSection(result.fine));
    root.append(usageLine(result));
  } else if (!model.running) {
    root.append(el('p', 'muted', ui('No evaluation yet. Select a summary, right-click and choose “SumLens: Evaluate Selected Summary”.')));
  }
  if (model.measurements?.history.length) root.append(measurementsSection(model.measurements));
  if (model.agreement?.length) root.append(agreementSection(model.agreement));
  if (model.ratingAgreement?.length) root.append(ratingAgreementSection(model.ratingAgreement));
}

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = toWebviewSchema.safeParse(event.data);
  if (!parsed.success) return; // not ours, or malformed: ignore rather than render it
  const message = parsed.data;
  if (message.type === 'model') {
    model = message.unchanged?.includes('dataset') ? { ...message.model, dataset: model.dataset } : message.model;
    vscode.setState(model);
    render();
  } else {
    model = { ...model, running: true, progress: message.progress };
    const status = document.getElementById('status');
    if (status) status.textContent = message.progress.label;
  }
});

// After a reload the last model comes back from the webview state before the extension speaks.
const saved = panelModelSchema.safeParse(vscode.getState());
if (saved.success) model = saved.data;
render();
send({ type: 'ready' });
