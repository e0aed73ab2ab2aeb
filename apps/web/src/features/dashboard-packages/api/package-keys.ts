// Query keys of the TokenPackage resource, and of the game choices its form offers.
import type { ListParams } from '../../../lib/page-cache';

export const packageKeys = {
  all: ['tokenPackages'] as const,
  lists: () => ['tokenPackages', 'list'] as const,
  list: (params: ListParams) => ['tokenPackages', 'list', params] as const,
  gameOptions: () => ['tokenPackages', 'gameOptions'] as const,
};
