import { loadArticles, KNOWLEDGE_DIR } from '../modules/knowledge/load-articles.ts';
import { TOPICS } from '../modules/knowledge/parse-article.ts';
import { sectionKey } from '../modules/knowledge/encoder.ts';
import { questionExamples, sectionLabel } from '../modules/knowledge/question-examples-file.ts';
import { readShippedVectors } from '../modules/knowledge/shipped-vectors.ts';
import { shippedClassifier, trainingSet } from '../modules/knowledge/section-classifier.ts';

/** `npm run kb:check [-- topic ...]`: parses the shipped knowledge base and prints its size per topic. */
const folders = process.argv.slice(2).map((f) => f.replace(/\/$/, '').split('/').pop() ?? f);
try {
  const articles = loadArticles(KNOWLEDGE_DIR, folders.length ? folders : TOPICS);
  const byTopic = new Map<string, { articles: number; sections: number; words: number }>();
  for (const a of articles) {
    const t = byTopic.get(a.topic) ?? { articles: 0, sections: 0, words: 0 };
    t.articles += 1;
    t.sections += a.sections.length;
    for (const s of a.sections) {
      const words = s.body.split(/\s+/).length;
      t.words += words;
      if (words < 40 || words > 260) console.log(`note: ${a.topic}/${a.slug} "${s.title}" has ${words} words`);
    }
    byTopic.set(a.topic, t);
  }
  for (const [topic, t] of byTopic) console.log(`${topic.padEnd(16)} ${t.articles} articles, ${t.sections} sections, ${t.words} words`);
  const total = articles.reduce((n, a) => n + a.sections.length, 0);
  console.log(`total            ${articles.length} articles, ${total} sections`);
  // The committed vectors (ADR 0065) must match the whole knowledge base: a missing one would be
  // embedded on every fresh database, a left-over one is dead weight.
  if (!folders.length) {
    const wanted = new Set(articles.flatMap((a) => a.sections.map((s) => sectionKey(s))));
    const committed = readShippedVectors();
    const missing = [...wanted].filter((k) => !committed.has(k)).length;
    const stale = [...committed.keys()].filter((k) => !wanted.has(k)).length;
    if (missing || stale) {
      console.error(`knowledge/vectors/*.json is stale: ${missing} sections without a vector, ${stale} vectors of text that is gone. Run npm run kb:embed.`);
      process.exit(1);
    }
    console.log(`vectors          ${committed.size} committed, all current`);
    // The pilots' labelled questions (ADR 0065, eleventh session) name sections by article and position:
    // one naming a section that is gone would silently count for nothing, or for its successor.
    const examples = questionExamples();
    if (!examples) {
      console.error('knowledge/question-examples/ is missing or of another model. Run npm run kb:examples.');
      process.exit(1);
    }
    const labels = new Set(articles.flatMap((a) => a.sections.map((_, i) => sectionLabel(a.slug, i))));
    const unknown = [...new Set(examples.sections.flat())].filter((l) => !labels.has(l));
    if (unknown.length) {
      console.error(`knowledge/question-examples/ names sections that do not exist: ${unknown.join(', ')}. Fix the labels in tests/eval/pilot and run npm run kb:examples.`);
      process.exit(1);
    }
    console.log(`examples         ${examples.kinds.length} labelled questions, every section they name exists`);
    // The section classifier (ADR 0065, twelfth session) is trained on the sections and the examples:
    // after a change to either, its rows would name the wrong sections or miss what was learnt since.
    const classifier = shippedClassifier();
    if (!classifier || classifier.trainedOn !== trainingSet().hash) {
      console.error('knowledge/section-classifier.json is missing, of another model, or trained on other sections or examples. Run npm run kb:examples.');
      process.exit(1);
    }
    console.log(`classifier       ${classifier.labels.length} sections, trained on the current sections and examples`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
