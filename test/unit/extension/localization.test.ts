/**
 * The editor in Japanese: every %key% of package.json has its English and Japanese text
 * (package.nls.json, package.nls.ja.json); every string the extension passes to
 * vscode.l10n.t, and every UI string of the webviews, has a Japanese entry in
 * l10n/bundle.l10n.ja.json, with the same placeholders; and the bundle holds nothing else.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fillUiString, uiStrings } from '../../../src/extension/webview/uiStrings';

const root = path.join(__dirname, '../../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/**
 * The first argument of every vscode.l10n.t call in src/extension: a string literal, so the
 * bundle can hold it (the one exception translates the webviews' list, uiStrings). Code
 * without VS Code takes the translation as a parameter `t` (datasets/progressText.ts): its
 * calls `t('…')` count too.
 */
function l10nCalls(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, 'src/extension'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:vscode\.l10n\.t|(?<![.\w])t)\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(\w+))/g)) {
      if (m[3] === undefined) found.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
      else assert.equal(`${path.basename(file)}: ${m[3]}`, 'webviewHtml.ts: english', 'vscode.l10n.t takes a string literal');
    }
  }
  return found;
}

describe('localization: the editor in Japanese', () => {
  const manifest = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
  const english = readJson('package.nls.json');
  const japanese = readJson('package.nls.ja.json');
  const bundle = readJson('l10n/bundle.l10n.ja.json');

  it('package.json names its bundle, and every %key% has English and Japanese text with the same command links', () => {
    assert.equal(readJson('package.json').l10n, './l10n');
    const keys = [...manifest.matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1]);
    assert.ok(keys.length > 80, `${keys.length} keys`);
    for (const key of keys) assert.equal(typeof english[key], 'string', `package.nls.json lacks ${key}`);
    assert.deepEqual(Object.keys(japanese).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(japanese)) {
      const links = (s: unknown) => [...String(s).matchAll(/\(command:[\w.]+\)/g)].map((m) => m[0]);
      assert.deepEqual(links(text), links(english[key]), key);
    }
  });

  it('every vscode.l10n.t string and every webview UI string has a Japanese entry with the same placeholders', () => {
    const wanted = new Set([...l10nCalls(), ...uiStrings]);
    assert.ok(wanted.size > 60, `${wanted.size} strings`);
    for (const text of wanted) {
      assert.equal(typeof bundle[text], 'string', `l10n/bundle.l10n.ja.json lacks ${JSON.stringify(text)}`);
      assert.deepEqual(placeholders(bundle[text] as string), placeholders(text), text);
    }
    assert.deepEqual(
      Object.keys(bundle).filter((key) => !wanted.has(key)),
      [],
      'entries no code asks for',
    );
  });

  it('a webview string is filled in from the translated table, English where it has none', () => {
    assert.equal(fillUiString({}, '{0} of {1}', [3, 7]), '3 of 7');
    assert.equal(fillUiString({ '{0} of {1}': '{1} 件中 {0} 件' }, '{0} of {1}', [3, 7]), '7 件中 3 件');
  });
});
