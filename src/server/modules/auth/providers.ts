import type { Config } from '../../config.ts';
import { PROVIDER_LABELS, type ProviderId } from '../../../shared/auth.ts';

/** The sign-in providers this instance has configured, in the spec's order. */
export function configuredProviders(config: Config): { id: ProviderId; name: string }[] {
  const list: { id: ProviderId; name: string }[] = [];
  if (config.oidc) list.push({ id: 'oidc', name: config.oidc.name });
  for (const id of ['google', 'github', 'apple', 'twitter'] as const) {
    if (config.social[id]) list.push({ id, name: PROVIDER_LABELS[id] });
  }
  if (config.emailSignIn) list.push({ id: 'email', name: PROVIDER_LABELS.email });
  return list;
}

/** Where GET /api/login goes with no provider named: the issuer when OIDC is the only one, else the page. */
export function defaultLoginTarget(providers: { id: ProviderId }[]): ProviderId | 'page' {
  return providers.length === 1 && providers[0]!.id === 'oidc' ? 'oidc' : 'page';
}
