/**
 * A small accessible bar chart in SVG (no chart library for two charts): the figures are also in a
 * visually hidden table, so a screen reader reads numbers rather than shapes.
 */
export function BarChart({ title, points, testId }: { title: string; points: { label: string; short: string; value: number }[]; testId: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const w = 300;
  const h = 90;
  const gap = 1;
  const bar = w / Math.max(1, points.length);
  const every = Math.ceil(points.length / 6);
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${w} ${h + 16}`} className="h-auto w-full" role="img" aria-label={`${title}: highest ${max}`}>
        <line x1={0} y1={h} x2={w} y2={h} className="stroke-border" strokeWidth={1} />
        {points.map((p, i) => {
          const bh = (p.value / max) * (h - 8);
          return (
            <g key={p.label}>
              <rect x={i * bar + gap / 2} y={h - bh} width={bar - gap} height={bh} rx={1} className="fill-primary">
                <title>{`${p.label}: ${p.value}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={i === 0 ? 0 : i * bar + bar / 2} y={h + 13} textAnchor={i === 0 ? 'start' : 'middle'} className="fill-muted-foreground text-[9px]">
                  {p.short}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
