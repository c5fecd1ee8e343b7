/**
 * `compare --pr-comment`: the comparison's Markdown appended to the job summary
 * (GITHUB_STEP_SUMMARY, when set) and posted as the pull request's one SumLens comment, edited
 * on the next push. A token that may not comment (403: a fork's pull request) and a GitHub
 * that keeps failing (5xx, unreachable, after retries) cost one stderr line, not the
 * comparison's exit code: the job summary holds the comparison instead. Any other failure
 * (a bad token, a pull request not found) is an error with its own exit code.
 */
import * as fs from 'node:fs';
import { COMMENT_MARKER } from '../../core/run/prComment/comparisonMarkdown';
import { cliIo } from '../io';
import { printNotice, printWarning } from '../stderr';
import { GitHubApiError } from './githubApi';
import type { PullRequestContext } from './pullRequestContext';
import { upsertComment } from './upsertComment';

function writeStepSummary(markdown: string): boolean {
  const file = cliIo().env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  try {
    fs.appendFileSync(file, markdown + '\n');
    return true;
  } catch (error) {
    printWarning(`cannot write the job summary ${file} (${(error as Error).message})`);
    return false;
  }
}

/** Failures a pull request's comment may meet without failing the comparison. */
function skippable(error: unknown): error is GitHubApiError {
  return error instanceof GitHubApiError && (error.status === 403 || error.code === 'server-error' || error.code === 'unreachable');
}

export async function postComparison(pr: PullRequestContext, markdown: string): Promise<void> {
  const summarized = writeStepSummary(markdown);
  try {
    const posted = await upsertComment(pr, markdown, COMMENT_MARKER);
    printNotice(`${posted.action} the comparison's comment on pull request #${pr.number}${posted.url ? `: ${posted.url}` : ''}`);
  } catch (error) {
    if (!skippable(error)) throw error;
    const why = error.status === 403 ? ' (a fork’s pull request gets a token that cannot write; give the workflow pull-requests: write)' : '';
    const instead = summarized ? 'the comparison is in the job summary instead' : 'GITHUB_STEP_SUMMARY is not set, so the table above is all there is';
    printWarning(`cannot comment on pull request #${pr.number}: ${error.message}${why}; ${instead}`);
  }
}
