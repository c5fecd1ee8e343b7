/**
 * HTML character references: the named ones a page of prose or a paper uses (punctuation,
 * Latin letters with marks, a few Greek letters and symbols), and numeric ones. An unknown
 * name is left as written.
 */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  middot: '\u00b7',
  bull: '\u2022',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  times: '\u00d7',
  divide: '\u00f7',
  plusmn: '\u00b1',
  minus: '\u2212',
  le: '\u2264',
  ge: '\u2265',
  micro: '\u00b5',
  para: '\u00b6',
  sect: '\u00a7',
  cent: '\u00a2',
  pound: '\u00a3',
  euro: '\u20ac',
  yen: '\u00a5',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  sup2: '\u00b2',
  sup3: '\u00b3',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  szlig: '\u00df',
  alpha: '\u03b1',
  beta: '\u03b2',
  gamma: '\u03b3',
  delta: '\u03b4',
  epsilon: '\u03b5',
  kappa: '\u03ba',
  lambda: '\u03bb',
  mu: '\u03bc',
  pi: '\u03c0',
  sigma: '\u03c3',
  tau: '\u03c4',
  phi: '\u03c6',
  chi: '\u03c7',
  omega: '\u03c9',
  Delta: '\u0394',
  Sigma: '\u03a3',
  Omega: '\u03a9',
};

// Latin letters with marks, by the mark's name: "eacute" is é, "Uuml" is Ü.
const MARKS: Record<string, [string, number]> = {
  acute: ['aeiouyAEIOUY', 0x301],
  grave: ['aeiouAEIOU', 0x300],
  circ: ['aeiouAEIOU', 0x302],
  uml: ['aeiouyAEIOUY', 0x308],
  tilde: ['anoANO', 0x303],
  ring: ['aA', 0x30a],
  cedil: ['cC', 0x327],
};
for (const [mark, [letters, combining]] of Object.entries(MARKS)) {
  for (const letter of letters) NAMED[letter + mark] = (letter + String.fromCharCode(combining)).normalize('NFC');
}
Object.assign(NAMED, {
  aelig: '\u00e6',
  AElig: '\u00c6',
  oelig: '\u0153',
  OElig: '\u0152',
  oslash: '\u00f8',
  Oslash: '\u00d8',
  eth: '\u00f0',
  thorn: '\u00fe',
});

/** The text a reference stands for ("&amp;", "&#8212;", "&#x2014;"), or undefined when it names nothing known. */
export function decodeEntity(reference: string): string | undefined {
  const body = reference.slice(1, reference.endsWith(';') ? -1 : undefined);
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    // 0 and surrogates are not characters; an out-of-range number neither.
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : undefined;
  }
  return Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body] : undefined;
}
