import { BUSINESS_LEN } from '../../../../shared/business.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

export interface CompanyValues {
  companyName: string;
  industry: string;
  website: string;
  description: string;
}

export const emptyCompany: CompanyValues = { companyName: '', industry: '', website: '', description: '' };

export const companyValuesOf = (p: { companyName: string | null; industry: string | null; website: string | null; description: string | null } | undefined): CompanyValues => ({
  companyName: p?.companyName ?? '',
  industry: p?.industry ?? '',
  website: p?.website ?? '',
  description: p?.description ?? '',
});

/** The company profile fields of the setup modal and the company setup page (doc 2 §5). */
export function CompanyFields({
  idPrefix,
  values,
  onChange,
  errors = {},
  disabled,
}: {
  idPrefix: string;
  values: CompanyValues;
  onChange: (next: CompanyValues) => void;
  errors?: Partial<Record<keyof CompanyValues, string>>;
  disabled?: boolean;
}) {
  const field = (key: keyof CompanyValues) => ({
    id: `${idPrefix}-${key}`,
    value: values[key],
    disabled,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${idPrefix}-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const error = (key: keyof CompanyValues) =>
    errors[key] ? (
      <p id={`${idPrefix}-${key}-error`} role="alert" className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-companyName`}>
          Company name <span aria-hidden className="text-destructive">*</span>
        </Label>
        <Input {...field('companyName')} required maxLength={BUSINESS_LEN.companyName} autoComplete="organization" placeholder="Acme Aerial Services" data-testid="company-name" />
        {error('companyName')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-industry`}>Industry</Label>
          <Input {...field('industry')} maxLength={BUSINESS_LEN.industry} placeholder="Inspection, mapping, film…" data-testid="company-industry" />
          {error('industry')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-website`}>Website</Label>
          <Input {...field('website')} type="url" inputMode="url" maxLength={BUSINESS_LEN.website} placeholder="https://example.com" data-testid="company-website" />
          {error('website')}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-description`}>Description</Label>
        <Textarea {...field('description')} maxLength={BUSINESS_LEN.description} rows={3} placeholder="What your team flies and where" data-testid="company-description" />
        {error('description')}
      </div>
    </div>
  );
}

/** Field errors from the server's "field: message; field: message" validation text. */
export function fieldErrorsOf(message: string): Partial<Record<keyof CompanyValues, string>> {
  const out: Partial<Record<keyof CompanyValues, string>> = {};
  for (const part of message.split('; ')) {
    const m = /^(companyName|industry|website|description): (.*)$/.exec(part);
    if (m) out[m[1] as keyof CompanyValues] = m[2];
  }
  return out;
}
