/**
 * The SumLens panel's script (bundled to media/dist/panel.js). It renders whatever model the
 * extension posts, keeps it with setState so the panel comes back after a reload, and builds
 * every node with createElement/textContent: model text is untrusted and never parsed as HTML.
 */
import { panelModelSchema, type PanelModel } from './panelModel';
import { fromWebviewSchema, toWebviewSchema, type FromWebview } from './protocol';
import type { PanelResult } from './resultSchema';
import { formatCount, formatSeconds } from './numberFormat';
import { el } from './dom';
import { auditSection } from './auditView';
import { jurySection } from './juryView';
import { choiceSection } from './choiceView';
import { ratingAgreementSection } from './yourScoreView';
import { aspectCard, fineSection } from './resultCards';
import { agreementSection, measurementsSection } from './peopleSections';
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
      for (const aspect of result.aspects)
        cards.append(aspectCard(aspect, { rated: model.rated !== undefined, yourScore: model.yourScores?.[aspect.name], send }));
      root.append(cards);
    }
    if (result.choice) root.append(choiceSection(result, result.choice));
    if (result.jury) root.append(jurySection(result.jury));
    if (result.repeat) root.append(spreadSection(result, result.repeat));
    if (result.fine) root.append(fineSection(result.fine, send));
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
