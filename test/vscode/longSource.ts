/**
 * A long source for the editor's tests, the UI walk-through and the editor benchmark: the
 * fixture's article hidden on one line of many lines of unrelated news (harbours, orchards,
 * choirs: no word of the article's own facts), made the same way on every run.
 */
const subjects = [
  'The harbour board',
  'A regional orchard cooperative',
  'The county choir',
  'Volunteers at the museum',
  'The ferry operator',
  'A group of beekeepers',
  'The rowing club',
  'Teachers at the music school',
  'The railway heritage society',
  'Shop owners in the old quarter',
];
const verbs = ['discussed', 'postponed', 'celebrated', 'reviewed', 'announced', 'questioned', 'welcomed', 'organised'];
const objects = [
  'the winter timetable',
  'a new tasting festival',
  'the autumn concert',
  'an exhibition of maps',
  'the repaint of two vessels',
  'a workshop on hive health',
  'the regatta route',
  'evening lessons for adults',
  'the restoration of a carriage',
  'longer opening hours',
];
const times = ['on Monday', 'last weekend', 'after a long meeting', 'in a short statement', 'during the spring fair', 'at the town hall'];
const tails = [
  'Residents asked for more details.',
  'A decision is expected next month.',
  'Several members spoke in favour.',
  'The plan drew mixed reactions.',
  'Tickets will be sold online.',
  'Nobody objected to the proposal.',
];

/** One line of padding (about 20 words), picked by a fixed pseudo-random sequence. */
function paddingLine(n: number): string {
  const pick = <T>(list: T[], salt: number) => list[(Math.imul(n + 1, 2654435761) >>> salt) % list.length];
  return `${pick(subjects, 3)} ${pick(verbs, 7)} ${pick(objects, 11)} ${pick(times, 13)}. ${pick(tails, 17)} ${pick(subjects, 19)} ${pick(verbs, 23)} ${pick(objects, 5)}.`;
}

/** `lines` lines of padding with `article` as line `at` (0-based); about 20 words a line. */
export function longSource(article: string, lines: number, at: number): string {
  const out: string[] = [];
  for (let n = 0; n < lines; n++) out.push(n === at ? article.trim() : paddingLine(n));
  return out.join('\n') + '\n';
}
