/** Doc 2 §9: dates show as 'MMM dd, yyyy'. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

export const formatUsd = (n: number) => `$${n.toLocaleString('en-US')}`;
