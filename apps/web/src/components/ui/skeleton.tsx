import { cn } from '../../lib/cn';

/** A grey pulsing block that holds the place (and size) of content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-slate-200', className)} />;
}
