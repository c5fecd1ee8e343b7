/**
 * Text made without VS Code (pure functions with unit tests of their own) takes the
 * translation as a parameter: vscode.l10n.t in the editor, the English as written elsewhere.
 * test/unit/extension/localization.test.ts finds their calls of t as it finds vscode.l10n.t's.
 */

/** vscode.l10n.t's shape: the English message and its {0} … placeholders' values. */
export type Translate = (message: string, ...args: (string | number)[]) => string;

/** English as written, its placeholders filled. */
export const english: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
