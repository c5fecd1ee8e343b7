import * as assert from 'node:assert/strict';
import { hasMarkup, shortenSource, textView } from '../../../src/core/longSource';
import { estimateTokens } from '../../../src/core/llm/tokenCount';

/** Every character of the view maps back to the file: itself, or the reference or tag it was read from. */
function assertMapsBack(file: string): void {
  const view = textView(file);
  for (let i = 0; i < view.text.length; i++) {
    const { start, end } = view.toFile({ start: i, end: i + 1 });
    const read = file.slice(start, end);
    const char = view.text[i];
    if (read === char) continue;
    const isBreak = /\s/.test(char) && (/^\s*$/.test(read) || /^<[^>]*>$/.test(read));
    assert.ok(isBreak || (read.startsWith('&') && read.endsWith(';')), `view[${i}] ${JSON.stringify(char)} read from ${JSON.stringify(read)}`);
  }
}

describe('longSource textView (a source in markup read as its text)', () => {
  const page =
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"<br />    "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><br />' +
    'Venus Is a Man&rsquo;s World<br />BY WILLIAM TENN<br /><br />"Now you be careful," Sis called after me as she opened a<br />book called<br />' +
    'Family Problems of the Frontier Woman<br />. "Remember you&#39;re<br />a nice boy &amp; behave."';

  it('removes the DOCTYPE (even one a converter put <br /> into) and the tags, decodes entities, joins line breaks', () => {
    const view = textView(page);
    assert.equal(
      view.text,
      'Venus Is a Man\u2019s World BY WILLIAM TENN\n\n"Now you be careful," Sis called after me as she opened a book called Family Problems of the Frontier Woman. "Remember you\'re a nice boy & behave."',
    );
    assert.deepEqual(view.markup, { kind: 'HTML', tags: 9, entities: 3 });
  });

  it('maps every character of the view back to the file as written', () => {
    assertMapsBack(page);
    const view = textView(page);
    const at = view.text.indexOf('Family');
    const span = view.toFile({ start: at, end: at + 'Family Problems'.length });
    assert.equal(page.slice(span.start, span.end), 'Family Problems');
    const quote = view.text.indexOf("you're");
    const around = view.toFile({ start: quote, end: quote + "you're a nice boy & behave".length });
    assert.equal(page.slice(around.start, around.end), 'you&#39;re<br />a nice boy &amp; behave');
  });

  it('drops script, style, head and comments; block ends become paragraph breaks; an unknown entity stays', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><script>var a = "<p>x</p>";</script>' +
      '<h1>Title</h1><!-- note --><p>First <i>para</i>graph &unknown; text.</p><div>Second&nbsp;one</div><ul><li>a</li><li>b</li></ul></body></html>';
    const view = textView(html);
    assert.equal(view.text, 'Title\n\nFirst paragraph &unknown; text.\n\nSecond\u00a0one\n\na\n\nb');
    assertMapsBack(html);
  });

  it('leaves plain text as it is (the identity map), even with a < or an & in it', () => {
    const plain = 'The effect was significant (p<0.05) for AT&amp;T users.\nA second line <b> mentioned once.';
    assert.equal(hasMarkup(plain), false);
    const view = textView(plain);
    assert.equal(view.text, plain);
    assert.equal(view.markup, undefined);
    assert.deepEqual(view.toFile({ start: 3, end: 9 }), { start: 3, end: 9 });
  });

  it('shortens a page by its text, names the rule, and gives ranges into the file', async () => {
    const filler = (i: number) => `Line ${i} of the story goes on<br />about the routine matter number ${i}.<br />`;
    const story = `<!DOCTYPE html><br />${Array.from({ length: 600 }, (_, i) => (i === 300 ? 'The harbour bridge closed<br />after the storm.<br />' : filler(i))).join('')}`;
    const { text, shown } = await shortenSource({ source: story, summary: 'The harbour bridge closed after the storm.' }, 400, estimateTokens);
    assert.ok(text.includes('The harbour bridge closed after the storm.'));
    assert.ok(!text.includes('<br'));
    assert.match(shown.rule, /; markup removed \(HTML\): 1202 tags, 0 entities$/);
    const hit = shown.ranges.find((r) => story.slice(r.start, r.end).includes('The harbour bridge closed<br />after the storm.'));
    assert.ok(hit, 'a range covers the match in the file as written');
    for (const r of shown.ranges) assert.ok(!story.slice(r.start, r.end).startsWith('<') && story.slice(r.start, r.end).endsWith('.'));
  });

  it('shows the whole text when the page is over the budget but its text is not', async () => {
    const page2 = `<!DOCTYPE html>${'<br />word'.repeat(50)}`;
    const { text, shown } = await shortenSource({ source: page2, summary: 'word' }, 120, estimateTokens);
    assert.equal(text, Array(50).fill('word').join(' '));
    assert.equal(shown.share, 1);
    assert.match(shown.rule, /^the whole text fits the budget; markup removed \(HTML\): 51 tags/);
  });
});
