/**
 * Text from run files (ids, aspect names, paths) put into GitHub Markdown safely: in a code
 * span, so nothing in it is read as Markdown, a mention (@someone) or HTML; on one line, with
 * table pipes escaped; cut to a bounded length, so one long id cannot blow the comment's size.
 */

/** At most `max` characters, an ellipsis marking a cut. */
export function cut(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A code span holding the text as it is: one line, `|` escaped for tables, fenced by one more
 * backtick than the longest run of backticks inside (CommonMark), padded when it starts or
 * ends with a backtick.
 */
export function code(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** "+0.118", "−0.030" (a real minus sign), "—" when not defined. */
export function signed(x: number): string {
  if (Number.isNaN(x)) return '—';
  return x >= 0 ? `+${x.toFixed(3)}` : `−${(-x).toFixed(3)}`;
}
