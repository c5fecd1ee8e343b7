/**
 * One comment per pull request, kept up to date: the comment whose body holds the marker is
 * edited; when there is none, one is created. The pull request's comments are read page by
 * page (GitHub gives at most 100 a page).
 */
import * as z from 'zod';
import { githubRequest } from './githubApi';
import type { PullRequestContext } from './pullRequestContext';

const CommentSchema = z.object({ id: z.number().int(), body: z.string().nullish(), html_url: z.string().optional() });
const PAGE = 100;
/** 5,000 comments: a pull request with more is not worth reading further. */
const MAX_PAGES = 50;

export interface PostedComment {
  action: 'created' | 'edited';
  id: number;
  url?: string;
}

async function findMarked(pr: PullRequestContext, marker: string): Promise<number | undefined> {
  const base = `${pr.apiUrl}/repos/${encodeURIComponent(pr.owner)}/${encodeURIComponent(pr.repo)}/issues/${pr.number}/comments`;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const comments = await githubRequest({ method: 'GET', url: `${base}?per_page=${PAGE}&page=${page}`, token: pr.token, reply: z.array(CommentSchema) });
    const marked = comments.find((c) => c.body?.includes(marker));
    if (marked) return marked.id;
    if (comments.length < PAGE) return undefined;
  }
  return undefined;
}

export async function upsertComment(pr: PullRequestContext, body: string, marker: string): Promise<PostedComment> {
  const repoUrl = `${pr.apiUrl}/repos/${encodeURIComponent(pr.owner)}/${encodeURIComponent(pr.repo)}`;
  const existing = await findMarked(pr, marker);
  if (existing !== undefined) {
    const edited = await githubRequest({
      method: 'PATCH',
      url: `${repoUrl}/issues/comments/${existing}`,
      token: pr.token,
      body: { body },
      reply: CommentSchema,
    });
    return { action: 'edited', id: edited.id, url: edited.html_url };
  }
  const created = await githubRequest({
    method: 'POST',
    url: `${repoUrl}/issues/${pr.number}/comments`,
    token: pr.token,
    body: { body },
    reply: CommentSchema,
  });
  return { action: 'created', id: created.id, url: created.html_url };
}
