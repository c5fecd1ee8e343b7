import * as assert from 'node:assert/strict';
import { SumLensError } from '../../../src/core/errors';
import { decodeText } from '../../../src/core/textInput';

const fails = (bytes: Uint8Array, reason: RegExp) =>
  assert.throws(
    () => decodeText(bytes, '--source a.txt'),
    (e: SumLensError) => e.code === 'bad-input' && e.exitCode === 8 && e.message.startsWith('--source a.txt ') && reason.test(e.message),
  );

describe('decodeText', () => {
  it('refuses empty, whitespace-only, NUL-holding, UTF-16 without BOM and invalid UTF-8 input, naming the reason', () => {
    fails(new Uint8Array(), /is empty/);
    fails(Buffer.from(' \n\t '), /contains only whitespace/);
    fails(Buffer.from('abc\u0000def'), /contains NUL bytes/);
    fails(Buffer.from('Plain text saved as UTF-16.', 'utf16le'), /UTF-16 without a byte-order mark/);
    fails(Buffer.from('Plain text saved as UTF-16.', 'utf16le').swap16(), /UTF-16 without a byte-order mark/);
    fails(Buffer.from([0x63, 0x61, 0x66, 0xe9]), /is not UTF-8 text/);
    fails(Buffer.from([0xff, 0xfe, 0x00, 0xd8]), /not valid UTF-16LE despite its byte-order mark/);
  });

  it('decodes UTF-8 and UTF-16 (LE and BE) announced by a byte-order mark, without the mark', () => {
    const text = 'Café reopened — 8 M€.';
    assert.equal(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'x'), text);
    assert.equal(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'x'), text);
    assert.equal(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'x'), text);
    assert.equal(decodeText(Buffer.from(text), 'x'), text);
  });
});
