import { LogOut, User, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { User as AppUser } from '../../../../shared/account.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../auth/index.ts';
import { rememberReturnPath } from '../return-path.ts';

/** The avatar menu (doc 1 §2): name or email, the email, My Account, Log out. */
export function UserMenu({ user }: { user: AppUser }) {
  const location = useLocation();
  const logout = useLogout();
  const name = user.displayName?.trim() || user.email;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu" data-testid="user-menu-trigger">
          <Avatar className="size-9 border">
            {user.photoURL && <AvatarImage src={user.photoURL} alt="" referrerPolicy="no-referrer" />}
            <AvatarFallback>
              <User className="size-5" aria-hidden />
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="user-menu">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-semibold" data-testid="user-menu-name">
            {name}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="user-menu-email">
            {user.email}
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile" data-testid="user-menu-profile" onClick={() => rememberReturnPath(location.pathname + location.search)}>
            <UserRound aria-hidden />
            My Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="user-menu-logout" onSelect={() => logout()}>
          <LogOut aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
