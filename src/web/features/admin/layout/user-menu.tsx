import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import type { AdminUser } from '#shared/admin-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useSignOut } from '#web/lib/use-admin-auth.ts';

export function UserMenu({ user }: { user: AdminUser }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2 sm:px-3" aria-label={`User menu: ${user.username}`}>
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-full bg-sky-100 text-sky-800"
          >
            <UserRound className="size-4" />
          </span>
          <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
            {user.username}
          </span>
          <ChevronDown aria-hidden="true" className="text-slate-500" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate">{user.username}</span>
          <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
