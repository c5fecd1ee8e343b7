/**
 * Azure OpenAI: the v1 API at /openai/v1 and the classic /openai/deployments/NAME path with
 * a required ?api-version; both read the key from the api-key header (or Bearer for v1).
 */
import type { RecordedRequest, ServerProfile } from '../openaiServer';
import { openAiLimits } from './openai';
import { openAiError } from './errorShapes';

const accessDenied = () =>
  openAiError(401, {
    code: '401',
    message:
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
  });
const notFound = () => openAiError(404, { code: '404', message: 'Resource not found' });

function keyOk(request: RecordedRequest, key: string, bearerToo: boolean): boolean {
  return request.headers['api-key'] === key || (bearerToo && request.headers.authorization === `Bearer ${key}`);
}

export function azureV1(key: string): ServerProfile {
  return {
    name: 'Azure OpenAI v1',
    refuse: (request) => {
      if (!/^\/openai\/v1\/chat\/completions(\?|$)/.test(request.path)) return notFound();
      if (!keyOk(request, key, true)) return accessDenied();
      return openAiLimits(request.body);
    },
  };
}

export function azureClassic(key: string, deployment: string): ServerProfile {
  return {
    name: 'Azure OpenAI classic',
    refuse: (request) => {
      const url = new URL(request.path, 'http://azure');
      if (url.pathname !== `/openai/deployments/${deployment}/chat/completions` || !url.searchParams.get('api-version')) return notFound();
      if (!keyOk(request, key, false)) return accessDenied();
      return openAiLimits(request.body);
    },
  };
}
