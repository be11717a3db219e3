import { BackLink } from '../../../components/back-link.tsx';
import { DroneList } from '../components/drone-list.tsx';

/** /drones (doc 2 §2): the pilot's registered drones, primary first. The top bar comes from the app shell. */
export function DronesPage() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6" data-testid="drones-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Drones</h1>
        <p className="text-sm text-muted-foreground">Register the drones you fly. The primary drone is listed first and picked by default.</p>
      </div>
      <DroneList via="page" />
    </div>
  );
}
