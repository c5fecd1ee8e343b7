/**
 * The page of every SumLens webview (the panel, the rating view, the review status): a strict
 * content security policy with a fresh nonce, the view's own styles and one script from
 * media/, nothing else; the script builds everything inside #root.
 */
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { uiStrings, uiStringsElementId } from '../webview/uiStrings';

export interface WebviewPage {
  title: string;
  /** Style sheets in media/, in order. */
  styles: string[];
  /** The view's script in media/ (a bundle in media/dist/). */
  script: string;
  /** Elements after #root (a live status line, say), as static markup. */
  after?: string;
}

/**
 * The views' UI strings in VS Code's display language, as a JSON block the view's script reads
 * (a webview cannot call vscode.l10n); `<` escaped so no string can close the block.
 */
function uiStringsBlock(): string {
  const table = Object.fromEntries(uiStrings.map((english) => [english, vscode.l10n.t(english)]));
  return `<script type="application/json" id="${uiStringsElementId}">${JSON.stringify(table).replace(/</g, '\\u003c')}</script>`;
}

export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  const nonce = randomBytes(18).toString('base64');
  const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', file)).toString();
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  const styles = page.styles.map((file) => `<link rel="stylesheet" nonce="${nonce}" href="${media(file)}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles}
<title>${page.title}</title>
</head>
<body>
<main id="root" aria-live="off"></main>
${page.after ?? ''}
${uiStringsBlock()}
<script nonce="${nonce}" src="${media(page.script)}"></script>
</body>
</html>`;
}

/** A SumLens webview in the active column: scripts on, media/ only, its icon and its page. */
export function createViewPanel(extensionUri: vscode.Uri, viewType: string, title: string, page: WebviewPage): vscode.WebviewPanel {
  const media = vscode.Uri.joinPath(extensionUri, 'media');
  // The state of these views lives in the extension, which redraws them: nothing is retained when hidden.
  const panel = vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [media] });
  panel.iconPath = vscode.Uri.joinPath(media, 'icon.svg');
  panel.webview.html = webviewHtml(panel.webview, extensionUri, page);
  return panel;
}
