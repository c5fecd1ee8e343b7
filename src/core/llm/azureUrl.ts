/**
 * The URL shapes an endpoint can be given in. Azure OpenAI has two: the v1 API
 * (https://NAME.openai.azure.com/openai/v1, used like any OpenAI endpoint) and the classic
 * per-deployment one (https://NAME.openai.azure.com/openai/deployments/DEPLOYMENT with a
 * required ?api-version=…). Both take the key in an `api-key` header. A pasted
 * ".../chat/completions" is accepted and trimmed.
 */
import { SumLensError } from '../errors';

export interface EndpointShape {
  /** What the `openai` client appends its paths to (no query string). */
  baseURL: string;
  /** Query parameters sent with every request (Azure classic: api-version). */
  query?: Record<string, string>;
  /** Azure OpenAI (by host or by path): the key goes in `api-key` too. */
  azure: boolean;
}

const azureShapes =
  'https://NAME.openai.azure.com/openai/v1 (v1 API) or https://NAME.openai.azure.com/openai/deployments/DEPLOYMENT?api-version=2024-10-21 (classic)';

const classicPath = /^(.*\/openai\/deployments\/[^/]+)(?:\/chat\/completions)?\/?$/i;
const v1Path = /\/openai\/v1\/?$/i;

function isAzureHost(hostname: string): boolean {
  return /\.azure\.com$/i.test(hostname);
}

/** How to talk to the endpoint a user gave; a usage error names the expected shape when an Azure URL has neither. */
export function resolveEndpoint(raw: string): EndpointShape {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SumLensError('usage', `"${raw}" is not a URL; give the endpoint as e.g. http://localhost:8000/v1.`);
  }
  if (url.username || url.password) {
    // fetch refuses such URLs; the message shows the URL with the credentials hidden.
    throw new SumLensError('usage', `the base URL ${raw} has a user name or password in it, which cannot be sent; put the key in OPENAI_API_KEY instead.`);
  }
  const query = Object.fromEntries(url.searchParams.entries());
  const hasQuery = Object.keys(query).length > 0;
  const classic = classicPath.exec(url.pathname);
  if (classic) {
    if (!query['api-version']) {
      throw new SumLensError('usage', `${url.origin}${classic[1]} is an Azure OpenAI deployment URL without ?api-version=…; give ${azureShapes}.`);
    }
    return { baseURL: `${url.origin}${classic[1]}`, query, azure: true };
  }
  const path = url.pathname.replace(/\/chat\/completions\/?$/i, '').replace(/\/+$/, '');
  const azure = isAzureHost(url.hostname) || v1Path.test(url.pathname.replace(/\/chat\/completions\/?$/i, ''));
  if (isAzureHost(url.hostname) && !v1Path.test(path)) {
    throw new SumLensError('usage', `${url.origin}${path} is not an Azure OpenAI endpoint SumLens can call; give ${azureShapes}.`);
  }
  return { baseURL: `${url.origin}${path}`, ...(hasQuery ? { query } : {}), azure };
}

/** For a 404 from an Azure-looking endpoint: which URL shapes were expected. */
export function azureUrlHint(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (!isAzureHost(url.hostname) && !/\/openai\//i.test(url.pathname)) return undefined;
  return `check the deployment name and the URL shape: Azure OpenAI expects ${azureShapes}.`;
}
