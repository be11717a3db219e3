import { answerBlocks } from '../answer-text.ts';

/** An answer's paragraphs and lists. */
export function AnswerBody({ text }: { text: string }) {
  return (
    <div className="grid gap-2 leading-relaxed wrap-anywhere" data-testid="message-text">
      {answerBlocks(text).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i} className="whitespace-pre-wrap">
            {block.text}
          </p>
        ) : block.ordered ? (
          <ol key={i} className="grid list-decimal gap-1 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ol>
        ) : (
          <ul key={i} className="grid list-disc gap-1 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
