import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DroneList } from '../components/drone-list.tsx';

/** /drones (doc 2 §2): the pilot's registered drones, primary first. The top bar comes from the app shell. */
export function DronesPage() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6" data-testid="drones-page">
      <div className="grid gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Back to Home
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight">Drones</h1>
        <p className="text-sm text-muted-foreground">Register the drones you fly. The primary drone is listed first and picked by default.</p>
      </div>
      <DroneList via="page" />
    </div>
  );
}
