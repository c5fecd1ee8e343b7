/**
 * The pull request a workflow runs for, read as GitHub Actions documents it: the event file
 * (GITHUB_EVENT_PATH, its `pull_request.number`, validated), the repository (GITHUB_REPOSITORY,
 * "owner/name"), the token (GITHUB_TOKEN) and the API's address (GITHUB_API_URL, which GitHub
 * Enterprise Server and the tests set). Anything missing is a usage error naming it.
 */
import * as z from 'zod';
import { SumLensError } from '../../core/errors';
import { readDataFile } from '../../core/textInput';
import type { Environment } from '../io';

export interface PullRequestContext {
  apiUrl: string;
  owner: string;
  repo: string;
  number: number;
  token: string;
}

const PullRequestEventSchema = z.object({ pull_request: z.object({ number: z.number().int().positive() }) });

function required(env: Environment, name: string): string {
  const value = env[name];
  if (!value) throw new SumLensError('usage', `--pr-comment needs ${name} (set by GitHub Actions; give the job's token as GITHUB_TOKEN in the step's env)`);
  return value;
}

function pullRequestNumber(eventPath: string): number {
  let event: unknown;
  try {
    event = JSON.parse(readDataFile(eventPath, `GITHUB_EVENT_PATH ${eventPath}`));
  } catch (error) {
    if (error instanceof SumLensError) throw error;
    throw new SumLensError('bad-input', `GITHUB_EVENT_PATH ${eventPath} is not JSON (${(error as Error).message})`);
  }
  const parsed = PullRequestEventSchema.safeParse(event);
  if (!parsed.success) {
    throw new SumLensError(
      'usage',
      `GITHUB_EVENT_PATH ${eventPath} is not a pull request's event (no pull_request.number): --pr-comment runs on pull_request events`,
    );
  }
  return parsed.data.pull_request.number;
}

export function pullRequestContext(env: Environment): PullRequestContext {
  const token = required(env, 'GITHUB_TOKEN');
  const repository = required(env, 'GITHUB_REPOSITORY');
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) throw new SumLensError('usage', `GITHUB_REPOSITORY should be owner/name, got "${repository}"`);
  const number = pullRequestNumber(required(env, 'GITHUB_EVENT_PATH'));
  const apiUrl = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  return { apiUrl, owner, repo, number, token };
}
