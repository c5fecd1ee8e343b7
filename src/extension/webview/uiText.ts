/** The view's UI strings in VS Code's display language, from the table the extension wrote into the page. */
import { fillUiString, uiStringsElementId, type UiString } from './uiStrings';

let table: Record<string, string> | undefined;

function readTable(): Record<string, string> {
  const block = document.getElementById(uiStringsElementId);
  try {
    const parsed: unknown = JSON.parse(block?.textContent ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {}; // a page without a table shows English
  }
}

/** One UI string, translated, with its placeholders filled in. */
export function ui(english: UiString, ...args: (string | number)[]): string {
  table ??= readTable();
  return fillUiString(table, english, args);
}
