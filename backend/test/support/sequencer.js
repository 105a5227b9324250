import Sequencer from '@jest/test-sequencer';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const RECORDED = new URL('../durations.json', import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
/** A file the record does not know yet: about what a file that starts the app takes. */
const UNKNOWN_SECONDS = 5;

/**
 * Jest's own order (the files that failed last time first, then the longest first), with the
 * durations of test/durations.json where Jest has none of its own: on a fresh clone, as in CI,
 * Jest would otherwise order the files by size, and a small file that waits on a child process or
 * a minute's schedule (mail-at-most-once.spec.ts: 35 s) started late and ran on alone at the end.
 * `JEST_RECORD_DURATIONS=1 npm test -w backend` writes the record again (a run of some files updates theirs).
 */
export default class LongestFirstSequencer extends Sequencer {
  #recorded = existsSync(RECORDED) ? JSON.parse(readFileSync(RECORDED, 'utf8')) : {};

  time(test) {
    return super.time(test) ?? (this.#recorded[relative(ROOT, test.path)] ?? UNKNOWN_SECONDS) * 1000;
  }

  cacheResults(tests, results) {
    super.cacheResults(tests, results);
    if (!process.env.JEST_RECORD_DURATIONS) return;
    // a run of some files keeps the others' record (a file that is gone drops out)
    const ran = results.testResults.map((result) => [relative(ROOT, result.testFilePath), Math.round((result.perfStats.runtime ?? 0) / 100) / 10]);
    const kept = Object.entries(this.#recorded).filter(([file]) => existsSync(new URL(file, `file://${ROOT}`)));
    const seconds = Object.fromEntries([...new Map([...kept, ...ran])].sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(RECORDED, `${JSON.stringify(seconds, null, 2)}\n`);
  }
}
