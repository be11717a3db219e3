import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifierFile, loadClassifierFile, trainClassifier, trainingSet, useFoldClassifier, type SectionClassifier } from '../../src/server/modules/knowledge/section-classifier.ts';
import { TUNING_FILES } from './tune-set.ts';

/**
 * The evaluation's cross-validation by writer for the section classifier (section-classifier.ts): for
 * each tuning set, the classifier trained without that set's questions, used while the set is told
 * (the shipped one holds them). Training one takes ~20 s, so each is kept in the system's temporary
 * folder under the hash of what it learned from, and trained again only when that changes.
 */
export function prepareFoldClassifiers(sources: readonly string[] = TUNING_FILES): void {
  const dir = join(tmpdir(), 'drone-doctor-section-classifiers');
  mkdirSync(dir, { recursive: true });
  for (const source of sources) {
    const set = trainingSet(source);
    const path = join(dir, `${set.hash}.json`);
    let classifier: SectionClassifier | null;
    try {
      classifier = loadClassifierFile(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      classifier = null;
    }
    if (!classifier) {
      const started = performance.now();
      const file = classifierFile(trainClassifier(set));
      writeFileSync(path, JSON.stringify(file));
      // As the shipped one is read: int8 rows.
      classifier = loadClassifierFile(file);
      console.log(`section classifier without ${source}: trained in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    if (classifier) useFoldClassifier(source, classifier);
  }
}
