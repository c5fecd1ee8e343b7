/**
 * A source in HTML as a user meets it at the command line: the judge is shown the page's text
 * (no tags, entities decoded, a sentence broken by <br /> joined), whole when it fits, even
 * where the page as written would not; the JSON provenance names the rule. A plain-text
 * source is sent as written, with no such line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';

const promptOf = (request: RecordedRequest): string => (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
const MARKUP_LINE = /^markup removed \(HTML\): [\d,]+ tags, 2 entities; the judge was shown the page's text$/;

/** A story published as an HTML page: a DOCTYPE, a head, <br /> at every line end, two entities. */
function page(paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, i) => `<p class="story">The council of Riverton met on day ${i + 1} and<br />\nargued about the cost of the new park<br />\nfor a long time.</p>`,
  ).join('\n');
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">\n<html><head><title>Riverton</title><style>p { margin: 0 }</style></head>\n<body>\n<h1>Riverton&rsquo;s park</h1>\n${body}\n<p>AT&amp;T paid for the benches.</p>\n</body></html>\n`;
}

describe('a source in HTML at the command line (fake server)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let work: string;

  beforeEach(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-markup-cli-'));
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('4', { '4': 1 }));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function evaluate(source: string, ...extra: string[]) {
    fs.writeFileSync(path.join(work, 'source'), source);
    fs.writeFileSync(path.join(work, 'summary.txt'), 'The council of Riverton argued about the cost of a new park.');
    const args = [
      'eval',
      '--source',
      path.join(work, 'source'),
      '--summary',
      path.join(work, 'summary.txt'),
      '--aspects',
      'consistency',
      '--no-cache',
      '--json',
    ];
    const run = await runInProcess([...args, ...extra], { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' });
    assert.equal(run.code, 0, run.stderr);
    return { result: JSON.parse(run.stdout), prompts: server.chatRequests.map(promptOf) };
  }

  it('a page that fits: the judge reads its text whole, without tags or <br />, and the provenance names the rule', async () => {
    const { result, prompts } = await evaluate(page(12));
    assert.ok(prompts.length > 0);
    for (const prompt of prompts) {
      assert.doesNotMatch(prompt, /<br \/>|<p\b|<\/?html|DOCTYPE|&amp;|&rsquo;|margin: 0/);
      assert.ok(prompt.includes('The council of Riverton met on day 12 and argued about the cost of the new park for a long time.'), prompt);
      assert.ok(prompt.includes('Riverton\u2019s park') && prompt.includes('AT&T paid for the benches.'));
      assert.doesNotMatch(prompt, /Excerpts of a longer document/);
    }
    const [aspect] = result.aspects;
    assert.equal(aspect.score, 4);
    assert.ok(
      aspect.provenance.fallbacks.some((line: string) => MARKUP_LINE.test(line)),
      JSON.stringify(aspect.provenance),
    );
    assert.equal(aspect.sourceShown, undefined);
  });

  it('a page whose text fits a window its markup would not: shown whole as text, not as "Excerpts … 99% shown"', async () => {
    // About 9,000 characters of markup around 4,000 of text: over 2,400 tokens as written, under 1,500 as text.
    const padded = page(30).replace(/<p class="story">/g, `<p class="story" style="${'font-family: Georgia, serif; '.repeat(8)}">`);
    const { result, prompts } = await evaluate(padded, '--context-tokens', '2500');
    for (const prompt of prompts) {
      assert.doesNotMatch(prompt, /Excerpts of a longer document|<br \/>|font-family/);
      assert.ok(prompt.includes('met on day 1 and') && prompt.includes('met on day 30 and'));
    }
    const fallbacks: string[] = result.aspects[0].provenance.fallbacks;
    assert.ok(fallbacks.some((line) => MARKUP_LINE.test(line)) && !fallbacks.some((line) => line.startsWith('source shortened')), JSON.stringify(fallbacks));
  });

  it('plain text is sent byte for byte as written, with no markup line', async () => {
    const plain = 'The council of Riverton met and\nargued about the cost of the new park.\n\nAT&amp;T <b>paid</b> for the benches.\n';
    const { result, prompts } = await evaluate(plain);
    assert.ok(prompts.length > 0 && prompts.every((prompt) => prompt.includes(plain.trim())));
    assert.ok(!(result.aspects[0].provenance.fallbacks ?? []).some((line: string) => line.startsWith('markup removed')));
  });
});
