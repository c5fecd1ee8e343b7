/** llama-cpp-python, lmdeploy: one choice back for any n; no logprobs here. */
import type { ServerProfile } from '../openaiServer';
import { ignoring } from './errorShapes';

export const nIgnoring: ServerProfile = { name: 'n-ignoring (lmdeploy, llama-cpp-python)', accept: ignoring('n', 'logprobs', 'top_logprobs') };
