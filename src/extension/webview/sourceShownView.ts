/**
 * The panel's section on a long source shown as excerpts: the share the judge saw and why, the
 * rule that chose them, a strip of where they lie in the source, and the buttons that highlight
 * them on the source document (and clear the highlight). Only character ranges reach the panel,
 * never the source's text.
 */
import { el } from './dom';
import { formatCount } from './numberFormat';
import type { FromWebview } from './protocol';
import type { PanelResult, PanelSourceShown } from './resultSchema';
import { formatShare, shownGroups, type ShownGroup } from './sourceShownText';
import { ui } from './uiText';

const excerptCount = (n: number) => (n === 1 ? ui('1 excerpt') : ui('{0} excerpts', n));

/** Why the source was shortened, as a clause of the panel's sentence. */
function why(shown: PanelSourceShown): string {
  if (shown.reason === 'context' && shown.window) {
    const { tokens, detail } = shown.window;
    return ui(
      "the whole source would not fit the judge's context of {0} tokens ({1}), which left {2} tokens for it",
      formatCount(tokens),
      detail,
      formatCount(shown.budgetTokens),
    );
  }
  return shown.reason === 'context'
    ? ui("the whole source would not fit the judge's context, which left {0} tokens for it", formatCount(shown.budgetTokens))
    : ui('the source budget (sumlens.sourceTokens) is {0} tokens', formatCount(shown.budgetTokens));
}

/** The people's words for two lists: "coherence, fluency do not read the source or saw all of it". */
const notShortened = (aspects: string[]) =>
  aspects.length === 1
    ? ui('{0} does not read the source or saw all of it.', aspects[0])
    : ui('{0} do not read the source or saw all of it.', aspects.join(', '));

/** Narrowest mark on the strip, and the gap below which two excerpts are drawn as one (% of the source). */
const minWidth = 0.4;
const joinGap = 0.3;

/**
 * Where the excerpts lie in the source, as marks on a bar (neighbouring excerpts drawn as one
 * mark); a click on a mark shows its first excerpt in the source.
 */
function excerptStrip(shown: PanelSourceShown, sourceLength: number, show: (at: number) => void): HTMLElement {
  const strip = el('div', 'excerpt-strip');
  strip.setAttribute('role', 'group');
  strip.setAttribute('aria-label', ui('Where the {0} lie in the source, from its start (left) to its end (right)', excerptCount(shown.ranges.length)));
  const at = (offset: number) => (100 * offset) / (sourceLength || 1);
  const marks: { left: number; right: number; first: number; count: number }[] = [];
  shown.ranges.forEach((range, index) => {
    const left = at(range.start);
    const right = Math.max(at(range.end), left + minWidth);
    const last = marks[marks.length - 1];
    if (last && left - last.right < joinGap) {
      last.right = Math.max(last.right, right);
      last.count++;
    } else marks.push({ left, right, first: index, count: 1 });
  });
  for (const mark of marks) {
    const where = ui('{0}% into the source', Math.round(mark.left));
    const label =
      mark.count === 1 ? ui('Excerpt {0}, {1}', mark.first + 1, where) : ui('Excerpts {0}–{1}, {2}', mark.first + 1, mark.first + mark.count, where);
    const node = el('button', 'excerpt-mark');
    node.title = ui('{0}: show in the source', label);
    node.setAttribute('aria-label', node.title);
    node.style.left = `${mark.left}%`;
    node.style.width = `${Math.min(100, mark.right) - mark.left}%`;
    node.addEventListener('click', () => show(mark.first));
    strip.append(node);
  }
  return strip;
}

/** `section`: every aspect of the result, the source's length when known, and whether the result shows more than one group. */
function groupBlock(
  group: ShownGroup,
  { allAspects, sourceLength, many }: { allAspects: string[]; sourceLength: number | undefined; many: boolean },
  send: (m: FromWebview) => void,
): HTMLElement {
  const { shown } = group;
  const block = el('div', 'shown-group');
  if (many) block.append(el('h3', 'shown-aspects', group.aspects.join(', ')));
  const share = el('p', 'shown-share');
  share.append(
    el('strong', undefined, formatShare(shown.share)),
    ' ' +
      ui(
        'of the source ({0}), in {1}, because {2}.',
        ui('{0} of {1} tokens', formatCount(shown.shownTokens), formatCount(shown.sourceTokens)),
        excerptCount(shown.ranges.length),
        why(shown),
      ),
  );
  block.append(share);
  const show = (at?: number) => send({ type: 'showExcerpts', ...(group.key ? { aspect: group.key } : {}), ...(at === undefined ? {} : { at }) });
  if (sourceLength) block.append(excerptStrip(shown, sourceLength, show));
  block.append(el('p', 'muted', ui('Chosen by {0}.', shown.rule)));
  const whole = allAspects.filter((a) => !group.aspects.includes(a));
  if (!many && whole.length && group.aspects.length) {
    block.append(el('p', 'muted', `${ui('Judged on these excerpts: {0};', group.aspects.join(', '))} ${notShortened(whole)}`));
  }
  const actions = el('div', 'actions');
  const showButton = el('button', 'show-excerpts', ui('Show the excerpts the judge saw'));
  showButton.title = ui('Highlight these excerpts on the source document; again for the next excerpt');
  showButton.addEventListener('click', () => show());
  const clearButton = el('button', 'clear-excerpts secondary', ui('Clear the highlight'));
  clearButton.addEventListener('click', () => send({ type: 'clearExcerpts' }));
  actions.append(showButton, clearButton);
  block.append(actions);
  return block;
}

/** The section, or undefined when the judge saw the whole source. */
export function sourceShownSection(
  result: PanelResult,
  sourceName: string | undefined,
  sourceLength: number | undefined,
  send: (m: FromWebview) => void,
): HTMLElement | undefined {
  const groups = shownGroups(result);
  if (!groups.length) return undefined;
  const section = el('section', 'source-shown');
  section.setAttribute('aria-label', ui('How the source was shortened'));
  section.append(el('h2', undefined, sourceName ? ui('The judge saw excerpts of {0}', sourceName) : ui('The judge saw excerpts of the source')));
  const aspects = result.aspects.map((a) => a.name);
  const many = groups.length > 1;
  // Each aspect is fitted on its own (its prompt leaves its own room for the source): when
  // their excerpts differ, each set is shown under the aspects that saw it.
  const aspectGroups = groups.filter((g) => g.aspects.some((a) => aspects.includes(a)));
  const shortened = aspectGroups.flatMap((g) => g.aspects);
  if (aspectGroups.length > 1) section.append(el('p', 'muted', ui("Each aspect's prompt was fitted on its own, and they were shown different excerpts:")));
  for (const group of groups) section.append(groupBlock(group, { allAspects: aspects, sourceLength, many }, send));
  const whole = aspects.filter((a) => !shortened.includes(a));
  if (many && whole.length) section.append(el('p', 'muted', notShortened(whole)));
  return section;
}
