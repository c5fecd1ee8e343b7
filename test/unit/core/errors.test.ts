import * as assert from 'node:assert/strict';
import { failureOf, redactCredentials, SumLensError } from '../../../src/core/errors';

describe('redactCredentials', () => {
  it('hides user:password in URLs and secret query parameters, and nothing else', () => {
    assert.equal(redactCredentials('Cannot reach http://me:s3cret@host:8000/v1 now'), 'Cannot reach http://[redacted]@host:8000/v1 now');
    assert.equal(
      redactCredentials('https://x.openai.azure.com/openai/v1?api-version=2024&api-key=abc123&key=k9'),
      'https://x.openai.azure.com/openai/v1?api-version=2024&api-key=[redacted]&key=[redacted]',
    );
    assert.equal(redactCredentials('http://token@host/v1?token=zz'), 'http://[redacted]@host/v1?token=[redacted]');
    assert.equal(redactCredentials('http://127.0.0.1:9/v1 and user@example.com'), 'http://127.0.0.1:9/v1 and user@example.com');
  });

  it('applies to every SumLensError message', () => {
    assert.equal(new SumLensError('unreachable', 'Cannot reach http://a:b@h/v1').message, 'Cannot reach http://[redacted]@h/v1');
  });
});

describe('failureOf', () => {
  it('keeps a SumLensError code and calls anything else internal', () => {
    assert.deepEqual(failureOf(new SumLensError('timeout', 'slow')), { code: 'timeout', message: 'slow' });
    assert.deepEqual(failureOf(new TypeError('x is undefined')), { code: 'internal', message: 'x is undefined' });
  });
});
