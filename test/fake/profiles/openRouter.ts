/** OpenRouter: n silently ignored; logprobs passed on, here to a provider that gives none. */
import type { ServerProfile } from '../openaiServer';
import { ignoring } from './errorShapes';

export const openRouter: ServerProfile = { name: 'OpenRouter', accept: ignoring('n', 'logprobs', 'top_logprobs') };
