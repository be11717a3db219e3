import { ChevronDown, Wrench } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { useTierAccess } from '../../auth/index.ts';
import { usePaymentsConfigured } from '../../billing/index.ts';
import { rememberReturnPath } from '../return-path.ts';
import { visibleTools } from '../tools.ts';

/** The Tools dropdown, at every width (doc 1 §2). */
export function ToolsMenu() {
  const { tierPair } = useTierAccess();
  const location = useLocation();
  const items = visibleTools(tierPair, usePaymentsConfigured());

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-1.5 px-2.5 sm:px-3" data-testid="tools-menu-trigger">
          <Wrench aria-hidden />
          Tools
          <ChevronDown className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" data-testid="tools-menu">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Tools</DropdownMenuLabel>
        {items.map(({ to, label, icon: Icon, testId }) => (
          <DropdownMenuItem key={to + label} asChild>
            <Link
              to={to}
              data-testid={testId}
              onClick={() => {
                if (to === '/profile') rememberReturnPath(location.pathname + location.search);
              }}
            >
              <Icon aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
