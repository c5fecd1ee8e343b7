/**
 * `sumlens compare BASE HEAD --pr-comment` against the fake GitHub API (test/fake/githubServer):
 * the first run creates the comment, the next edits the same one (found by its marker among
 * other comments, past the first page); a fork's 403 and a GitHub that keeps failing cost one
 * stderr line, the job summary holds the comparison, and the exit code is the comparison's.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMENT_MARKER } from '../../../src/core/run/prComment/comparisonMarkdown';
import { FakeGitHubServer } from '../../fake/githubServer';
import { writeRun } from '../../fixtures/run/makeRun';
import { stderrLines } from '../cli/runCli';
import { runInProcess } from '../cli/runInProcess';

const PR = 7;

describe('e2e github: compare --pr-comment', function () {
  this.timeout(60_000);
  let dir: string;
  let github: FakeGitHubServer;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-pr-comment-'));
    github = await FakeGitHubServer.start();
  });
  afterEach(async () => {
    await github.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Base and head of 40 items; head's coherence one point lower on every item (worse) unless `same`. */
  function runs(same = false): [string, string] {
    const base = path.join(dir, 'base.jsonl');
    const head = path.join(dir, 'head.jsonl');
    const scores = (i: number, drop: number) => ({ coherence: 4 - drop - (i % 3) / 10, relevance: 3 + (i % 2) / 10 });
    writeRun(
      base,
      Array.from({ length: 40 }, (_, i) => ({ id: `doc-${i}`, scores: scores(i, 0) })),
    );
    writeRun(
      head,
      Array.from({ length: 40 }, (_, i) => ({ id: `doc-${i}`, scores: scores(i, same ? 0 : i < 10 ? 2 : 1) })),
    );
    return [base, head];
  }

  function actionsEnv(extra: Record<string, string> = {}): Record<string, string> {
    const event = path.join(dir, 'event.json');
    fs.writeFileSync(event, JSON.stringify({ action: 'synchronize', number: PR, pull_request: { number: PR, head: { sha: 'abc' } } }));
    return {
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: github.repository,
      GITHUB_TOKEN: 'ghs_fake',
      GITHUB_API_URL: github.url,
      GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
      ...extra,
    };
  }

  it('creates one comment, then edits the same one on the next push (found past the first page of comments)', async () => {
    for (let i = 0; i < 120; i++) github.addComment(PR, `a person's comment ${i}`);
    const [base, head] = runs();
    const first = await runInProcess(['compare', base, head, '--pr-comment', '--fail-if-worse'], actionsEnv());
    assert.equal(first.code, 15, first.stderr);
    assert.deepEqual(
      github.writes().map((w) => `${w.method} ${w.path}`),
      [`POST /repos/octo/summaries/issues/${PR}/comments`],
    );
    assert.match(
      first.stderr,
      /sumlens: created the comparison's comment on pull request #7: https:\/\/github\.com\/octo\/summaries\/pull\/7#issuecomment-\d+/,
    );
    assert.equal(github.requests[0].authorization, 'Bearer ghs_fake');
    const second = await runInProcess(['compare', base, head, '--pr-comment', '--fail-if-worse'], actionsEnv());
    assert.equal(second.code, 15, second.stderr);
    const writes = github.writes();
    assert.equal(writes.length, 2);
    const created = github.comments.get(PR)!.filter((c) => c.body.includes(COMMENT_MARKER));
    assert.equal(created.length, 1, 'one SumLens comment on the pull request');
    assert.equal(writes[1].method, 'PATCH');
    assert.equal(writes[1].path, `/repos/octo/summaries/issues/comments/${created[0].id}`);
    assert.ok(
      github.requests.some((r) => r.path.includes('page=2')),
      'read the second page of comments',
    );
    const body = created[0].body;
    assert.match(body, /\*\*Worse\*\* on `coherence` \(Holm-adjusted p < 0\.05\)/);
    assert.match(body, /\| `coherence` \| 40 \| 3\.\d{3} \| 2\.\d{3} \| −1\.250 \[−1\.\d{3}, −1\.\d{3}\] \| < 0\.001 \| 0 \/ 40 \/ 0 \|/);
    assert.equal((body.match(/\| `doc-\d` \| −1\.000 \|/g) ?? []).length, 5, 'the five most worsened items, by id');
    assert.equal(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8').split(COMMENT_MARKER).length, 3, 'the job summary written on each run');
  });

  it("on a fork's pull request (403) says so in one line, writes the job summary, and keeps the comparison's exit code", async () => {
    const [base, head] = runs();
    github.failures = [0, 403];
    const run = await runInProcess(['compare', base, head, '--pr-comment', '--fail-if-worse'], actionsEnv());
    assert.equal(run.code, 15);
    const lines = stderrLines(run).filter((l) => !l.includes('quality gate'));
    assert.equal(lines.length, 1, run.stderr);
    assert.match(
      lines[0],
      /^sumlens: warning: cannot comment on pull request #7: GitHub API POST \/repos\/octo\/summaries\/issues\/7\/comments: 403 Resource not accessible by integration \(a fork’s pull request gets a token that cannot write; .*\); the comparison is in the job summary instead$/,
    );
    assert.match(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8'), /SumLens: summaries got worse/);
  });

  it('retries a 5xx, and when GitHub keeps failing reports it in one line with the exit code still the comparison’s', async () => {
    const [base, head] = runs(true);
    github.failures = [502];
    const retried = await runInProcess(['compare', base, head, '--pr-comment', '--fail-if-worse'], actionsEnv());
    assert.equal(retried.code, 0, retried.stderr);
    assert.equal(github.writes().length, 1, 'created after one retried 502');
    github.failures = [503, 503, 503];
    const failing = await runInProcess(['compare', base, head, '--pr-comment', '--fail-if-worse'], actionsEnv());
    assert.equal(failing.code, 0);
    assert.deepEqual(stderrLines(failing).length, 1, failing.stderr);
    assert.match(
      failing.stderr,
      /cannot comment on pull request #7: GitHub API GET \/repos\/octo\/summaries\/issues\/7\/comments: 503 Server Error \(after 3 attempts\); the comparison is in the job summary instead/,
    );
    assert.match(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8'), /No significant change/);
  });

  it('a bad token (401) is exit 5, a missing variable or a push event exit 2, each in one line', async () => {
    const [base, head] = runs();
    github.failures = [401];
    const denied = await runInProcess(['compare', base, head, '--pr-comment'], actionsEnv());
    assert.equal(denied.code, 5);
    assert.match(denied.stderr, /sumlens: GitHub API GET \/repos\/octo\/summaries\/issues\/7\/comments: 401/);
    const noToken = await runInProcess(['compare', base, head, '--pr-comment'], actionsEnv({ GITHUB_TOKEN: '' }));
    assert.equal(noToken.code, 2);
    assert.equal(stderrLines(noToken).length, 1);
    assert.match(noToken.stderr, /^sumlens: --pr-comment needs GITHUB_TOKEN \(set by GitHub Actions/);
    const push = path.join(dir, 'push.json');
    fs.writeFileSync(push, JSON.stringify({ ref: 'refs/heads/main', commits: [] }));
    const onPush = await runInProcess(['compare', base, head, '--pr-comment'], actionsEnv({ GITHUB_EVENT_PATH: push }));
    assert.equal(onPush.code, 2);
    assert.match(onPush.stderr, /is not a pull request's event \(no pull_request\.number\)/);
    assert.equal(github.writes().length, 0);
  });
});
