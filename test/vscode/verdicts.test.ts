// The reviewer's verdicts: Agree / Disagree quick fixes, kept as hashes and spans in
// .sumlens/feedback.jsonl, and the panel's agreement figures with their interval.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { wilsonInterval } from '../../src/core/stats/wilson';
import { evaluateSelection, eventually, openFixture, sumlensDiagnostics, workspaceRoot, type Fixture } from './helpers';

describe("the reviewer's verdicts", () => {
  let fx: Fixture;
  const file = () => vscode.Uri.joinPath(workspaceRoot(), '.sumlens/feedback.jsonl').fsPath;

  before(async () => {
    fs.rmSync(file(), { force: true });
    fx = await openFixture();
    await evaluateSelection(fx.api);
  });
  after(async () => {
    fs.rmSync(file(), { force: true });
    await fx.server.close();
  });

  async function quickFix(document: vscode.TextDocument, severity: vscode.DiagnosticSeverity, title: RegExp): Promise<void> {
    const diagnostic = sumlensDiagnostics(document.uri).find((d) => d.severity === severity);
    assert.ok(diagnostic, 'the finding is shown');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range);
    const titles = actions.map((a) => a.title);
    assert.ok(titles.some((t) => /^Agree/.test(t)) && titles.some((t) => /^Disagree/.test(t)), titles.join(', '));
    const action = actions.find((a) => title.test(a.title))!;
    await vscode.commands.executeCommand(action.command!.command, ...(action.command!.arguments ?? []));
  }

  it('offers Agree and Disagree on a finding, and keeps the verdict as hashes and spans', async () => {
    await quickFix(fx.summary.document, vscode.DiagnosticSeverity.Error, /^Agree/);
    await quickFix(fx.summary.document, vscode.DiagnosticSeverity.Information, /^Disagree/);
    const lines = fs
      .readFileSync(file(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepStrictEqual(
      lines.map((l) => [l.verdict, l.kind, l.file]),
      [
        ['agree', 'incorrect', 'summary.md'],
        ['disagree', 'readability', 'summary.md'],
      ],
    );
    assert.match(lines[0].textSha256, /^[0-9a-f]{64}$/);
    const raw = fs.readFileSync(file(), 'utf8');
    assert.ok(!raw.includes('40 million') && !raw.includes('Lakeford') && !raw.includes('2027'), 'no text of the documents');
    // The quick fix now names the verdict given.
    const error = sumlensDiagnostics(fx.summary.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error)!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', fx.summary.document.uri, error.range);
    assert.ok(actions.some((a) => a.title === 'Agree: a real problem (your verdict)'));
  });

  it('shows per kind how often the reviewer agreed, with a 95% Wilson interval', () => {
    const rows = fx.api.panelModel().agreement ?? [];
    const incorrect = rows.find((r) => r.kind === 'incorrect');
    const readability = rows.find((r) => r.kind === 'readability');
    assert.deepStrictEqual([incorrect?.agreed, incorrect?.reviewed, readability?.agreed, readability?.reviewed], [1, 1, 0, 1]);
    const expected = wilsonInterval(1, 1);
    assert.deepStrictEqual([incorrect!.low, incorrect!.high], [expected.low, expected.high]);
  });

  it('reads verdicts written elsewhere (another window, a git pull) and names lines it cannot read', async () => {
    const teammate = {
      v: 1,
      at: new Date().toISOString(),
      verdict: 'disagree',
      findingId: 'from-a-teammate',
      kind: 'incorrect',
      file: 'other.md',
      span: { start: 0, end: 4 },
      textSha256: '0'.repeat(64),
    };
    fs.appendFileSync(file(), `${JSON.stringify(teammate)}\nnot a verdict\n`);
    await eventually(() => fx.api.panelModel().agreement?.find((r) => r.kind === 'incorrect')?.reviewed === 2, 'the new verdict is counted', 15_000);
    const incorrect = fx.api.panelModel().agreement!.find((r) => r.kind === 'incorrect')!;
    assert.strictEqual(incorrect.agreed, 1);
  });
});
