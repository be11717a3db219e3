import { MapPin } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /uas-facilities (doc 3 §2.3): the facilities map. */
export function UasFacilitiesPage() {
  return <PagePlaceholder testId="uas-facilities-page" icon={MapPin} title="UAS Facilities" />;
}
