/**
 * Faults the fake OpenAI server can be made to answer with, one per failure a user can
 * meet, each as the real services send it. Retry-After 0 keeps retried faults quick.
 */
import type { FakeReply } from './openaiServer';

export type Fault = 'malformed' | 'rate-limited' | 'server-error' | 'auth' | 'model-not-found' | 'context-too-long' | 'hang';

/** The fault's reply; `n` answers where the fault is in what is said, as a server that honours n gives. */
export function faultReply(fault: Fault, n = 1): FakeReply {
  const quick = { 'retry-after': '0' };
  switch (fault) {
    case 'malformed':
      return { choices: Array.from({ length: n }, () => ({ text: 'I would rather not say.' })) };
    case 'rate-limited':
      return { status: 429, error: { message: 'Rate limit reached (fake)', type: 'rate_limit' }, headers: quick };
    case 'server-error':
      return { status: 500, error: { message: 'The server had an error (fake)', type: 'server_error' }, headers: quick };
    case 'auth':
      return { status: 401, error: { message: 'Incorrect API key provided (fake)', type: 'invalid_request_error', code: 'invalid_api_key' } };
    case 'model-not-found':
      return { status: 404, error: { message: 'The model `fake` does not exist (fake)', code: 'model_not_found' } };
    case 'context-too-long':
      return {
        status: 400,
        error: { message: "This model's maximum context length is 8192 tokens (fake)", code: 'context_length_exceeded', param: 'messages' },
      };
    case 'hang':
      return { hang: true };
  }
}
