// Query keys of the TokenPackage resource (the game choices its form offers: lib/game-options.ts).
import type { ListParams } from '../../../lib/page-cache';

export const packageKeys = {
  all: ['tokenPackages'] as const,
  lists: () => ['tokenPackages', 'list'] as const,
  list: (params: ListParams) => ['tokenPackages', 'list', params] as const,
};
