import { BrandMark } from '#web/components/layout/brand-mark.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { cn } from '#web/lib/utils.ts';

export function SidebarBrand({ collapsed = false }: { collapsed?: boolean }) {
  const { appName, logoUrl } = useBranding();
  return (
    <div
      className={cn(
        'flex h-16 shrink-0 items-center border-b border-slate-200 font-bold text-slate-900',
        collapsed ? 'justify-center px-1' : 'px-4',
      )}
    >
      <Link
        to="/admin/dashboard"
        className="flex min-w-0 items-center gap-2.5 rounded-lg"
        aria-label={collapsed ? appName : undefined}
      >
        <BrandMark logoUrl={logoUrl} />
        {!collapsed && <span className="truncate">{appName}</span>}
      </Link>
    </div>
  );
}
