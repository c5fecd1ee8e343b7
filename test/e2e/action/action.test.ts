/**
 * The GitHub Action (action.yml) run as GitHub runs it: its composite steps executed by
 * compositeRunner with the documented environment, on a git repository with an origin, the
 * committed fake judge (test/fake/openaiServer) and the fake GitHub API (test/fake/githubServer).
 * A push to main keeps its run in the Actions cache; a pull request that makes ten summaries
 * worse restores it, compares, comments once, fails the job and uploads the SARIF; the next push
 * to the pull request, its baseline gone from the cache, evaluates main in the job and edits the
 * same comment. Needs the build (dist/), which `npm test` makes before this layer.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { COMMENT_MARKER } from '../../../src/core/run/prComment/comparisonMarkdown';
import { FakeGitHubServer } from '../../fake/githubServer';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { FakeActionsCache, fakeSarifUpload } from './actionsStandIns';
import { runComposite, type StepResult } from './compositeRunner';

const ITEMS = 20;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

function writeData(workspace: string, muddled: number): void {
  const rows = Array.from({ length: ITEMS }, (_, i) => ({
    id: `article-${i}`,
    source: `Article ${i}. The council of district ${i} approved a budget for schools and roads on Monday.`,
    summary: i < muddled ? `muddled words about district ${i} and something` : `District ${i}'s council approved a school and road budget.`,
  }));
  fs.writeFileSync(path.join(workspace, 'data.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function outcomes(steps: StepResult[]): string[] {
  return steps.map((s) => `${s.outcome}: ${s.name}`);
}

describe('e2e action: action.yml run as GitHub runs its composite steps', function () {
  this.timeout(240_000);
  let root: string;
  let judge: FakeOpenAiServer;
  let github: FakeGitHubServer;

  before(() => assert.ok(fs.existsSync(path.join(packageRoot(), 'dist', 'cli.mjs')), 'needs the build: node scripts/build.mjs'));
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-action-'));
    judge = await FakeOpenAiServer.start();
    judge.setHandler((request) => (JSON.stringify(request.body).includes('muddled') ? scoreReply('2', { '2': 1 }) : scoreReply('4', { '4': 1 })));
    github = await FakeGitHubServer.start();
  });
  afterEach(async () => {
    await judge.close();
    await github.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps main’s run on push; on a pull request compares with it, comments once, then edits the comment on the next push', async () => {
    const origin = path.join(root, 'origin.git');
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(workspace);
    git(root, 'init', '-q', '--bare', origin);
    git(workspace, 'init', '-q');
    writeData(workspace, 0);
    git(workspace, 'add', 'data.jsonl');
    git(workspace, 'commit', '-qm', 'summaries');
    git(workspace, 'remote', 'add', 'origin', origin);
    git(workspace, 'push', '-q', 'origin', 'HEAD:main');
    const cache = new FakeActionsCache(path.join(root, 'cache'));
    const uploaded: unknown[] = [];
    const summary = path.join(root, 'summary.md');
    const event = path.join(root, 'event.json');
    const runAction = (github_: Record<string, string>, runId: string): Promise<StepResult[]> => {
      const runnerTemp = path.join(root, `temp-${runId}`);
      fs.mkdirSync(runnerTemp);
      return runComposite({
        actionPath: packageRoot(),
        workspace,
        github: { run_id: runId, token: 'ghs_fake', sha: git(workspace, 'rev-parse', 'HEAD'), ...github_ },
        inputs: { data: 'data.jsonl', 'api-key': 'sk-test', 'base-url': judge.url, aspects: 'coherence,relevance', sarif: 'true' },
        env: {
          PATH: process.env.PATH ?? '',
          HOME: root,
          GITHUB_EVENT_PATH: event,
          GITHUB_REPOSITORY: github.repository,
          GITHUB_API_URL: github.url,
          GITHUB_STEP_SUMMARY: summary,
        },
        runnerTemp,
        uses: {
          'actions/cache/restore@v4': cache.restore,
          'actions/cache/save@v4': cache.save,
          'github/codeql-action/upload-sarif@v3': fakeSarifUpload(uploaded),
        },
      });
    };

    fs.writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main' }));
    const onPush = await runAction({ event_name: 'push', ref_name: 'main' }, '1');
    assert.ok(
      onPush.every((s) => s.outcome !== 'failure'),
      onPush.map((s) => `${s.name}: ${s.stderr}`).join('\n'),
    );
    assert.match(outcomes(onPush).join('\n'), /skipped: Compare with the base branch and comment/);
    assert.ok(
      cache.keys().some((k) => /^sumlens-run-geval--coherence,relevance-data\.jsonl-main-[0-9a-f]{40}$/.test(k)),
      cache.keys().join(', '),
    );
    const pushCalls = judge.chatRequests.length;

    git(workspace, 'checkout', '-qb', 'shorter');
    writeData(workspace, 10);
    git(workspace, 'commit', '-qam', 'ten summaries made worse');
    fs.writeFileSync(event, JSON.stringify({ action: 'opened', number: 3, pull_request: { number: 3 } }));
    const onPullRequest = await runAction({ event_name: 'pull_request', base_ref: 'main', ref_name: '3/merge' }, '2');
    const compare = onPullRequest.find((s) => s.name === 'Compare with the base branch and comment')!;
    assert.equal(compare.exitCode, 15, compare.stderr);
    assert.match(compare.stderr, /quality gate: coherence is worse in B/);
    assert.match(onPullRequest.find((s) => s.name.startsWith('Evaluate the base branch'))!.stdout, /from the Actions cache/);
    assert.equal(judge.chatRequests.length - pushCalls, 10 * 2, 'only the ten changed summaries judged: the rest answered from the restored cache');
    assert.deepEqual(
      github.writes().map((w) => w.method),
      ['POST'],
    );
    const comment = github.comments.get(3)![0].body;
    assert.ok(comment.startsWith(COMMENT_MARKER));
    assert.match(comment, /\*\*Worse\*\* on `coherence`, `relevance`/);
    assert.match(comment, /\| `article-0` \| −2\.000 \|/);
    assert.match(fs.readFileSync(summary, 'utf8'), /SumLens: summaries got worse/);
    assert.match(outcomes(onPullRequest).join('\n'), /success: Upload the findings to code scanning/);
    assert.equal(uploaded.length, 2, 'SARIF uploaded on the push and on the pull request');
    assert.equal((uploaded[1] as { version: string }).version, '2.1.0');

    cache.clear();
    const nextPush = await runAction({ event_name: 'pull_request', base_ref: 'main', ref_name: '3/merge' }, '3');
    assert.match(nextPush.find((s) => s.name.startsWith('Evaluate the base branch'))!.stdout, /no run of main in the Actions cache; evaluating main here/);
    assert.equal(nextPush.find((s) => s.name.startsWith('Compare'))!.exitCode, 15);
    assert.deepEqual(
      github.writes().map((w) => w.method),
      ['POST', 'PATCH'],
    );
    assert.equal(github.comments.get(3)!.length, 1, 'one comment, edited');
  });
});
