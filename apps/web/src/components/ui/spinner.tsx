import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden className={cn('h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
