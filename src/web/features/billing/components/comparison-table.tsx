import { tierRank } from '../../../../shared/billing.ts';
import { PILOT_SEATS } from '../../../../shared/plans.ts';
import { cardPlans, dronesText, queriesText } from './plan-catalogue.ts';

/** The comparison table of doc 3 §2.4, from the same plan catalogue as the cards. */
export function ComparisonTable() {
  const plans = cardPlans();
  const rows: [string, (tier: (typeof plans)[number]) => string][] = [
    ['Price', (p) => p.price],
    ['AI queries', (p) => (p.tier === 'enterprise' ? 'Unlimited' : queriesText(p))],
    ['Drones', (p) => (p.tier === 'enterprise' ? 'Unlimited' : dronesText(p))],
    ['CSV export', (p) => (tierRank(p.tier) >= tierRank('hobbyist') || p.tier === 'enterprise' ? 'Yes' : '—')],
    ['AI Import', (p) => (tierRank(p.tier) >= tierRank('pro') || p.tier === 'enterprise' ? 'Yes' : '—')],
    ['Pilot seats', (p) => (p.tier === 'business' ? `${PILOT_SEATS.includedSeats} included, extra $${PILOT_SEATS.extraSeatPriceUsd}/month` : p.tier === 'enterprise' ? 'Contact sales' : '—')],
    ['Custom knowledge base', (p) => (p.tier === 'business' ? 'Yes' : p.tier === 'enterprise' ? '4.5x larger' : '—')],
  ];
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div className="overflow-x-auto rounded-lg border" role="region" aria-label="Plan comparison" tabIndex={0} data-testid="comparison-table">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="sr-only">Plan comparison</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Feature
            </th>
            {plans.map((p) => (
              <th key={p.tier} scope="col" className="px-3 py-2 text-left font-medium">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-t">
              <th scope="row" className="px-3 py-2 text-left font-normal text-muted-foreground">
                {name}
              </th>
              {plans.map((p) => (
                <td key={p.tier} className="px-3 py-2">
                  {value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
