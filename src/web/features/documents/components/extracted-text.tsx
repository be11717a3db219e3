/**
 * A document's extracted text as the reviewer should read it: the `# ` marks the extraction puts on a
 * heading line (so the passages are cut there) shown as headings, and PDF page breaks (form feeds) as
 * a rule with the page number.
 */
export function ExtractedText({ content }: { content: string }) {
  const pages = content.split('\f');
  return (
    <div className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs [overflow-wrap:anywhere]" data-testid="extracted-text">
      {pages.map((page, p) => (
        <section key={p} aria-label={pages.length > 1 ? `Page ${p + 1}` : undefined}>
          {p > 0 && <p className="my-2 border-t border-border pt-1 text-center text-muted-foreground">page {p + 1}</p>}
          {page.split('\n').map((line, i) => {
            const heading = /^#{1,6}\s+(.*)$/.exec(line);
            if (heading) return <p key={i} className="mt-2 font-semibold">{heading[1]}</p>;
            return line.trim() ? <p key={i} className="whitespace-pre-wrap">{line}</p> : <div key={i} className="h-2" aria-hidden />;
          })}
        </section>
      ))}
    </div>
  );
}
