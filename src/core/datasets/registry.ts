/**
 * The human-scored sets SumLens knows by name: where each file is published, its licence,
 * size and SHA-256, and its place in a datasets folder. The layout is the one of the shared
 * datasets folder beside this project's repository, so a copy of that folder works as it is
 * (SUMLENS_DATASETS). Sizes and hashes were taken from byte-identical copies of the
 * published files. The long-document sets (LongEval, LongSciVerify) are joins of several
 * published files into one JSON-lines file that no address publishes as it is, and JaFaithSum
 * is its published file without the held-out articles 100–129: their entries
 * name what they were built from, pinned to commits, and a copy is accepted by its SHA-256.
 */
export interface RegistryFile {
  /** Place inside a datasets folder (also the file's name under a mirror's base address). */
  path: string;
  /** The canonical public address, pinned to a commit; absent when no one address publishes the file (see builtFrom). */
  url?: string;
  /**
   * For a file published nowhere as one file: the pinned addresses of the files it was built
   * from. `datasets get` then takes a copy the user has (`--from FILE`) or a mirror, and
   * checks it against the SHA-256 as it checks a download.
   */
  builtFrom?: string[];
  bytes: number;
  sha256: string;
}

export interface RegistryEntry {
  name: string;
  title: string;
  licence: string;
  /** What `--dataset NAME` reads: the first file. */
  files: RegistryFile[];
}

const unieval = 'https://raw.githubusercontent.com/maszhongming/UniEval/d33e7b6cfebe97b2bafe435adbd818230d5a416a/reproduce';
const closerLook = 'https://raw.githubusercontent.com/d223302/A-Closer-Look-To-LLM-Evaluation/90084422bb32e89f77109dce578d0bd1db3912c4/results/topical_chat';
const longformfact = 'https://github.com/meetdavidwan/longformfact/blob/0525fb638db4b212b52250274e043323d172b6cd';
const longDocFactScore = 'https://github.com/jbshp/LongDocFACTScore/tree/62e441d9558eb94a8b32b5dd5f9b18b33ef3e082';
const jaFaithSum = 'https://github.com/SDS-NLP/JaFaithSum/blob/5c9ec296d8ec94620de7552edd8faf2d32a98341';
const recordedFolder = 'topical_chat/closer_look_chiang_lee2023/results/topical_chat';

const recorded: [string, number, string][] = [
  ['gpt3.5_coh_geval.json', 1801196, 'a4058f25025481889fece6c021955d00725ad41aaa0bfcf27f3f6a888814f57d'],
  ['gpt3.5_coh_geval_no_auto_cot.json', 1698594, '2f6c68bfabe42cefd5a6cedf87ea76a753a4cc96291dff684352e31cfe0ceb64'],
  ['gpt3.5_eng_geval.json', 1741853, 'ffc3b0e6c235b415dd5e5b30d4dc5b1bd9cee29f86fce29dc2b3202bf923db39'],
  ['gpt3.5_eng_geval_no_auto_cot.json', 1668715, '8a9160a72ae3723e03b7b93b530b42964da3b608cf5dc5bd2d1c289626bd477f'],
  ['gpt3.5_gro_geval.json', 1775505, '5b84dae2d2969a1071d3609264fa469280b2c996c2cb414848b4054191feba68'],
  ['gpt3.5_gro_geval_no_auto_cot.json', 1649801, '62bfc79c8f039a18565e27bb4cf0075150740e6ce6c654e562e1eb8cf727b441'],
  ['gpt3.5_nat_geval.json', 1746207, 'b49cc3a9ba66ac8373018caf945cb9ad22e475bda99d06e25e339b2567caecbe'],
  ['gpt3.5_nat_geval_no_auto_cot.json', 1613263, 'fe2c66d430536e6e71bc706fdb53e530a462d8b4e33f754489735e84a702239c'],
];

export const datasetRegistry: readonly RegistryEntry[] = [
  {
    name: 'summeval',
    title: 'SummEval (CNN/DM): 1,600 summaries, expert coherence, consistency, fluency, relevance 1–5 (G-Eval Table 1)',
    licence: 'MIT (G-Eval repository); annotations by Fabbri et al. 2021, articles from CNN/DailyMail',
    files: [
      {
        path: 'summeval/summeval.json',
        url: 'https://raw.githubusercontent.com/nlpyang/geval/6f84404ce4503d2ba0cde0293c5d402ecf2976a8/data/summeval.json',
        bytes: 5052406,
        sha256: 'b109068754e58722f7e50f1bef70cf121eb34c9015fc3486f51bc5b8e3e3ec81',
      },
    ],
  },
  {
    name: 'topical-chat',
    title: 'Topical-Chat (USR): 360 responses, naturalness, coherence, engagingness, groundedness (G-Eval Table 2)',
    licence: 'MIT (UniEval repository)',
    files: [
      {
        path: 'topical_chat/topical_chat.json',
        url: `${unieval}/data/dialogue/topical_chat.json`,
        bytes: 669279,
        sha256: 'f6361daa6fe162f636d2071a60322a784acd770be0bf3a6920ac949d751b978a',
      },
    ],
  },
  {
    name: 'qags-cnndm',
    title: 'QAGS-CNNDM: 235 summaries, consistency in [0, 1] (G-Eval Table 3)',
    licence: 'MIT (UniEval repository)',
    files: [
      {
        path: 'qags/qags_cnndm.json',
        url: `${unieval}/data/fact/qags_cnndm.json`,
        bytes: 975258,
        sha256: 'de8d216db28b0ce89edf761bf639d1917adca6704c29d807a1e99a0aaaa4b2c5',
      },
    ],
  },
  {
    name: 'qags-xsum',
    title: 'QAGS-XSum: 239 one-sentence summaries, consistency 0 or 1 (G-Eval Table 3)',
    licence: 'MIT (UniEval repository)',
    files: [
      {
        path: 'qags/qags_xsum.json',
        url: `${unieval}/data/fact/qags_xsum.json`,
        bytes: 1098956,
        sha256: '1403b4d1abed008d0303f883d35d71c88597c49d5a6e4ef2e1d2d22a283b49df',
      },
    ],
  },
  {
    name: 'topical-chat-gpt35',
    title:
      'Recorded gpt-3.5-turbo answers (2023, 20 samples each) to G-Eval prompts on Topical-Chat, 4 aspects × 2 prompts (Chiang & Lee 2023), for `sumlens replay`',
    licence: 'no licence file in the source repository (d223302/A-Closer-Look-To-LLM-Evaluation)',
    files: recorded.map(([file, bytes, sha256]) => ({ path: `${recordedFolder}/${file}`, url: `${closerLook}/${file}`, bytes, sha256 })),
  },
  {
    name: 'unieval-predictions',
    title: "UniEval's own predictions on Topical-Chat, QAGS-CNNDM and QAGS-XSum (a T5 evaluator), for `sumlens meta`",
    licence: 'MIT (UniEval repository)',
    files: [
      {
        path: 'topical_chat/unieval_predict/topical_chat_result.json',
        url: `${unieval}/unieval_predict/dialogue/topical_chat_result.json`,
        bytes: 785420,
        sha256: 'e1c28ffea8850d82a53c241922557fcde1a16b14cb50ce29db29ab3db702678d',
      },
      {
        path: 'qags/unieval_predict/qags_cnndm_result.json',
        url: `${unieval}/unieval_predict/fact/qags_cnndm_result.json`,
        bytes: 995215,
        sha256: 'be0d07ec566a0fb8e7aa1d92c11dc738108183bf3e090aeecbd6c03b29356dd2',
      },
      {
        path: 'qags/unieval_predict/qags_xsum_result.json',
        url: `${unieval}/unieval_predict/fact/qags_xsum_result.json`,
        bytes: 1119307,
        sha256: '9520603d88e29b68d03eb12307b65c5024e59153a2a2918a3401aaa1ae8c2e8a',
      },
    ],
  },
  {
    name: 'longeval',
    title:
      'LongEval (Krishna et al. 2023): 40 PubMed and 40 SQuALITY summaries of sources of 900–8,700 words, per-sentence support labels; ' +
      "PubMed's summary score fine_score_mean (Wu et al. 2024's GPT-4 figures); meta and bench take --subset pubmed|squality",
    licence:
      'Apache-2.0 (LongEval, martiansideofthemoon/longeval-summarization; longformfact, Wan et al. 2025) and MIT (LongDocFACTScore, which uses LongEval under Apache-2.0)',
    files: [
      {
        path: 'long/longeval.jsonl',
        builtFrom: [
          `${longformfact}/data/metric_benchmark/longeval_pubmed.jsonl`,
          `${longformfact}/data/metric_benchmark/longeval_squality.jsonl`,
          `${longDocFactScore}/data/human_eval_results/LongEval/pubmed_fine_scores.json`,
          `${longDocFactScore}/data/raw_data/LongEval/pubmed_summary_src_doc_data.json`,
        ],
        bytes: 2209769,
        sha256: '47495dad1794f0895cfd2ef1f96b3d9635ef7a35c7fbe21b15e666a08117ae46',
      },
    ],
  },
  {
    name: 'longsciverify',
    title:
      'LongSciVerify (Bishop et al. 2024): 3 systems × 15 arXiv and 15 PubMed papers of 800–12,000 words, 3 experts × 3 factuality labels per summary; ' +
      'summary score factuality_mean; meta and bench take --subset arxiv|pubmed',
    licence: 'MIT (LongDocFACTScore repository)',
    files: [
      {
        path: 'long/longsciverify.jsonl',
        builtFrom: [`${longDocFactScore}/data/raw_data/LongSciVerify`, `${longDocFactScore}/data/human_eval_results/LongSciVerify`],
        bytes: 2819088,
        sha256: 'e8aea109ff639a8b75c5e930935393ac6dff0123da8af1ef3c5b1d7f5fcd5867',
      },
    ],
  },
  {
    name: 'jafaithsum',
    title:
      'JaFaithSum (Tanaka, Keyaki and Komachi, EACL 2026 SRW): 300 summaries of 100 Japanese news articles by GPT-4o, Swallow and LLM-jp, ' +
      'a faithfulness label for every summary sentence from 6 annotators, with exact character offsets; articles 100–129 held out',
    licence: 'CC BY-NC-SA 4.0 (JaFaithSum; articles from XL-Sum): for evaluation only, never copied into a project or a package',
    files: [
      {
        path: 'ja/jafaithsum.jsonl',
        builtFrom: [`${jaFaithSum}/dataset.jsonl`],
        bytes: 2360031,
        sha256: '864a9638dfe62118befb60a02b1cfa3ccc44a8713abd41659582dcb560798266',
      },
    ],
  },
];

export function registryEntry(name: string): RegistryEntry | undefined {
  return datasetRegistry.find((entry) => entry.name === name.toLowerCase());
}

export function entryBytes(entry: RegistryEntry): number {
  return entry.files.reduce((sum, file) => sum + file.bytes, 0);
}
