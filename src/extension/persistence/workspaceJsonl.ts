/**
 * A JSONL file of the workspace that SumLens appends to and watches (.sumlens/feedback.jsonl,
 * .sumlens/ratings.jsonl): every line checked against a schema, lines that do not fit named in
 * the log and left in the file (never silently counted), the file read again when it changes
 * on disk (another window, git) and after a reload. Reads and appends run one after the
 * other, so that a read never undoes an entry just written.
 */
import * as vscode from 'vscode';

export class WorkspaceJsonl<T> implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private queue: Promise<void> = Promise.resolve();

  private readonly parse: (json: unknown) => T | undefined;
  private readonly onRead: (entries: T[]) => void;

  /** `reading.parse` validates one line; `reading.onRead` receives every valid entry in file order, each time the file is read. */
  constructor(
    private readonly root: vscode.Uri | undefined,
    readonly relativePath: string,
    reading: { parse: (json: unknown) => T | undefined; onRead: (entries: T[]) => void },
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.parse = reading.parse;
    this.onRead = reading.onRead;
    this.reload();
    if (root) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, relativePath));
      const reload = () => this.reload();
      this.disposables.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload), watcher.onDidDelete(reload));
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  get file(): vscode.Uri | undefined {
    return this.root && vscode.Uri.joinPath(this.root, this.relativePath);
  }

  /** Resolves once the file has been read (after activation or a change on disk) and every append is written. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Appends `entry` as a line; false when no folder is open. A failed write is reported to the caller. */
  append(entry: T): Promise<boolean> {
    const run = this.queue
      .catch(() => undefined)
      .then(async () => {
        const file = this.file;
        if (!file) return false;
        const before = await vscode.workspace.fs.readFile(file).then(
          (b) => Buffer.from(b).toString('utf8'),
          () => '',
        );
        const separator = before && !before.endsWith('\n') ? '\n' : '';
        await vscode.workspace.fs.writeFile(file, Buffer.from(`${before}${separator}${JSON.stringify(entry)}\n`, 'utf8'));
        this.changed.fire();
        return true;
      });
    this.queue = run.then(() => undefined);
    return run;
  }

  private reload(): void {
    this.queue = this.queue.catch(() => undefined).then(() => this.read());
  }

  private async read(): Promise<void> {
    const file = this.file;
    if (!file) return;
    const text = await vscode.workspace.fs.readFile(file).then(
      (b) => Buffer.from(b).toString('utf8'),
      () => '',
    );
    const entries: T[] = [];
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let entry: T | undefined;
      try {
        entry = this.parse(JSON.parse(line));
      } catch {
        entry = undefined;
      }
      if (entry === undefined) unreadable++;
      else entries.push(entry);
    }
    if (unreadable) this.log.warn(`${this.relativePath}: ${unreadable} line(s) are not SumLens entries and were left out`);
    this.onRead(entries);
    this.changed.fire();
  }
}
