/**
 * The SumLens panel: one webview, its HTML set once (strict CSP with a crypto nonce, local
 * resources from media/ only), updated by validated messages, and restored after a window
 * reload by a WebviewPanelSerializer from the state the webview kept.
 */
import * as vscode from 'vscode';
import { loopTurn } from '../../core/cooperative';
import { datasetItemSchema, datasetSchema } from '../webview/datasetSchemas';
import { panelModelSchema, type PanelModel } from '../webview/panelModel';
import { webviewHtml } from './webviewHtml';
import { fromWebviewSchema, toWebviewSchema, type FromWebview, type ToWebview } from '../webview/protocol';

export const panelViewType = 'sumlens.panel';
/** Dataset items checked between two turns of the event loop. */
const CHECK_SLICE = 500;

export interface PanelActions {
  revealEntity(entityId: string): void | Promise<void>;
  exportResult(format: 'json' | 'markdown', target?: vscode.Uri): void | Promise<void>;
  openItem(key: string): void | Promise<void>;
  rate(aspect: string, score: number): void | Promise<void>;
  showExcerpts(aspect?: string, at?: number): void | Promise<unknown>;
  clearExcerpts(): void;
}

export class SumLensPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private model: PanelModel = { result: null, running: false };
  /** The dataset the view holds, as last sent (compared by identity: the model replaces it when it changes). */
  private datasetSent: PanelModel['dataset'];
  /** Datasets already checked item by item (checkDataset): post() does not check them again in one go. */
  private readonly checkedDatasets = new WeakSet<NonNullable<PanelModel['dataset']>>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly received = new vscode.EventEmitter<FromWebview>();
  /** Every valid message from the webview (tests wait on "ready"). */
  readonly onDidReceiveMessage = this.received.event;
  private readonly progressed = new vscode.EventEmitter<string>();
  /** Every progress line the panel is given, as it is given (tests read the wording of each). */
  readonly onDidProgress = this.progressed.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
  ) {
    this.disposables.push(
      this.received,
      this.progressed,
      vscode.window.registerWebviewPanelSerializer(panelViewType, {
        deserializeWebviewPanel: async (panel, state) => {
          const restored = panelModelSchema.safeParse(state);
          if (restored.success && !this.model.result) this.model = { ...restored.data, running: false };
          this.attach(panel);
        },
      }),
    );
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  get currentModel(): PanelModel {
    return this.model;
  }

  /** The editor column the panel stands in, while it is open. */
  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel?.viewColumn;
  }

  /** Opens the panel (or brings it forward) beside the editor. */
  show(preserveFocus = false): void {
    if (this.panel) {
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(panelViewType, 'SumLens', { viewColumn: vscode.ViewColumn.Beside, preserveFocus }, this.webviewOptions());
    this.attach(panel);
  }

  update(model: Partial<PanelModel>): void {
    this.model = { ...this.model, ...model };
    this.post({ type: 'model', model: this.model });
  }

  progress(progress: { done: number; total: number; label: string }): void {
    this.model = { ...this.model, running: true, progress };
    this.post({ type: 'progress', progress });
    this.progressed.fire(progress.label);
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private webviewOptions(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      // Only the panel's own files: never the workspace, never the whole extension.
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')],
      retainContextWhenHidden: false,
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.datasetSent = undefined;
    panel.webview.options = this.webviewOptions();
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.svg');
    panel.webview.html = this.html(panel.webview);
    const subscriptions = [
      panel.webview.onDidReceiveMessage((raw) => this.onMessage(raw)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        for (const d of subscriptions) d.dispose();
      }),
    ];
  }

  private onMessage(raw: unknown): void {
    const parsed = fromWebviewSchema.safeParse(raw);
    if (!parsed.success) return; // a webview message we do not know is dropped, never acted on
    const message = parsed.data;
    if (message.type === 'ready') {
      this.datasetSent = undefined; // a new or reloaded view holds nothing of ours yet
      this.post({ type: 'model', model: this.model });
    } else if (message.type === 'revealEntity') void this.actions.revealEntity(message.entityId);
    else if (message.type === 'openItem') void this.actions.openItem(message.key);
    else if (message.type === 'rate') void this.actions.rate(message.aspect, message.score);
    else if (message.type === 'showView') this.model = { ...this.model, view: message.view };
    else if (message.type === 'showExcerpts') void this.actions.showExcerpts(message.aspect, message.at);
    else if (message.type === 'clearExcerpts') this.actions.clearExcerpts();
    else void this.actions.exportResult(message.format);
    this.received.fire(message);
  }

  private post(full: ToWebview): void {
    if (!this.panel) return;
    const message = this.withoutUnchanged(full);
    // Validated on the way out as well. A result that does not fit the protocol is a bug, but
    // it must not break the run that produced it: the panel says so instead.
    // A dataset checked by checkDataset is left out of this check, and sent as it is.
    const dataset = message.type === 'model' ? message.model.dataset : undefined;
    const checkedApart = dataset && this.checkedDatasets.has(dataset) && message.type === 'model';
    const checked = checkedApart
      ? toWebviewSchema.safeParse({ ...message, model: { ...message.model, dataset: undefined } })
      : toWebviewSchema.safeParse(message);
    if (checkedApart && checked.success && checked.data.type === 'model') checked.data.model.dataset = dataset;
    const safe: ToWebview = checked.success
      ? checked.data
      : { type: 'model', model: { result: null, running: false, error: vscode.l10n.t('SumLens cannot show this result: {0}', checked.error.message) } };
    void this.panel.webview.postMessage(safe);
  }

  /**
   * Checks a dataset against the panel's protocol between turns of the event loop: 10,000
   * items checked in one go held the extension host about 60 ms. A dataset that fails is
   * thrown out here, as post() would.
   */
  async checkDataset(dataset: NonNullable<PanelModel['dataset']>): Promise<void> {
    datasetSchema.parse({ ...dataset, items: [] });
    for (let i = 0; i < dataset.items.length; i++) {
      datasetItemSchema.parse(dataset.items[i]);
      if (i % CHECK_SLICE === CHECK_SLICE - 1) await loopTurn();
    }
    this.checkedDatasets.add(dataset);
  }

  /** The model message without the dataset when the view already holds that very dataset. */
  private withoutUnchanged(message: ToWebview): ToWebview {
    if (message.type !== 'model' || message.model.dataset === undefined) return message;
    if (message.model.dataset !== this.datasetSent) {
      this.datasetSent = message.model.dataset;
      return message;
    }
    return { type: 'model', model: { ...message.model, dataset: undefined }, unchanged: ['dataset'] };
  }

  private html(webview: vscode.Webview): string {
    return webviewHtml(webview, this.extensionUri, { title: 'SumLens', styles: ['panel.css'], script: 'dist/panel.js' });
  }
}
