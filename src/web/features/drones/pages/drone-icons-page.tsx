import { Drone } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /drone-icons (doc 3 §2.5): a preview of the drone icon designs. */
export function DroneIconsPage() {
  return <PagePlaceholder testId="drone-icons-page" icon={Drone} title="Drone Icons" />;
}
