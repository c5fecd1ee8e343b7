/**
 * Aggregating the answers of differently-angled prompts into one verdict per entity
 * (SumAutoEval §3.2). The rules are plain data so they can be printed with the result.
 *
 * Order of application:
 * 1. an exception whose answers equal the votes (as a multiset) decides;
 * 2. otherwise an answer given by more than half of the votes wins (strict majority);
 * 3. otherwise ("no agreement") the rule's `noAgreement` verdict.
 * A prompt that failed is not a vote. Its answer is unknown, so the verdict stands only
 * when every answer it could have given leads to the same verdict; otherwise too few
 * prompts answered and the entity is UNJUDGED: reported, and left out of its metric.
 */

export interface VoteException {
  votes: string[];
  verdict: string;
  why: string;
}

export interface VotingRule {
  answers: string[];
  exceptions: VoteException[];
  noAgreement: string;
  noAgreementWhy: string;
  /** Points an entity earns for its verdict (completeness, alignment) … */
  points?: Record<string, number>;
  /** … or the share of an error its verdict counts for (correctness). */
  penalty?: Record<string, number>;
}

export const UNJUDGED_VERDICT = 'Unjudged';

export type VotedMetric = 'completeness' | 'correctness' | 'alignment';

export const VOTING_RULES: Record<VotedMetric, VotingRule> = {
  completeness: {
    answers: ['Yes', 'Partially', 'Contradict', 'No'],
    exceptions: [{ votes: ['Partially', 'Partially', 'Yes'], verdict: 'Yes', why: 'paper §3.2.1: partial + partial + yes → yes' }],
    noAgreement: 'No',
    noAgreementWhy: 'paper §3.2.1: if there is no agreement the answer defaults to no',
    points: { Yes: 1, Partially: 0.5, Contradict: 0, No: 0 },
  },
  correctness: {
    answers: ['Yes', 'No', 'Partially', 'Unknown'],
    exceptions: [{ votes: ['Partially', 'Partially', 'Yes'], verdict: 'Yes', why: 'same exception as completeness (paper §3.2.2: voting as in §3.2.1)' }],
    noAgreement: 'Unknown',
    noAgreementWhy:
      'the paper gives a default only for completeness; prompts that disagree have not shown the entity supported, so it ' +
      'is unverified (Unknown, an "unsupported" finding) and weighs like one',
    // SumAutoEval §3.2.2: Unknown is the judge finding nothing that supports the entity, i.e. an
    // unsupported claim, which SummEval's consistency penalises as a hallucination.
    penalty: { Yes: 0, Partially: 0.5, Unknown: 1, No: 1 },
  },
  alignment: {
    answers: ['Yes', 'No'],
    exceptions: [],
    noAgreement: 'No',
    noAgreementWhy:
      'paper §3.2.3: the two prompts are complementary detectors of misplaced/irrelevant entities, so an entity either one flags counts as misplaced',
    points: { Yes: 1, No: 0 },
  },
};

function sameMultiset(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/**
 * The verdict of the answers given; `prompts` is how many prompts were asked (default: as
 * many as answered). With answers missing, every possible completion is tried: a verdict
 * they all share stands, else the entity is unjudged.
 */
export function aggregateVotes(rule: VotingRule, answers: string[], prompts = answers.length): string {
  if (answers.length === 0) return UNJUDGED_VERDICT;
  if (answers.length < prompts) {
    const verdicts = new Set(completions(rule.answers, prompts - answers.length).map((extra) => decide(rule, [...answers, ...extra])));
    return verdicts.size === 1 ? [...verdicts][0] : UNJUDGED_VERDICT;
  }
  return decide(rule, answers);
}

/** Every sequence of `length` answers. */
function completions(answers: string[], length: number): string[][] {
  if (length === 0) return [[]];
  return completions(answers, length - 1).flatMap((rest) => answers.map((a) => [a, ...rest]));
}

function decide(rule: VotingRule, answers: string[]): string {
  const exception = rule.exceptions.find((e) => sameMultiset(e.votes, answers));
  if (exception) return exception.verdict;
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  for (const [answer, count] of counts) if (count * 2 > answers.length) return answer;
  return rule.noAgreement;
}
