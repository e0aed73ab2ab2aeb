// Query keys of the games resource.
import type { ListParams } from '../../../lib/page-cache';

export const gameKeys = {
  all: ['games'] as const,
  lists: () => ['games', 'list'] as const,
  list: (params: ListParams) => ['games', 'list', params] as const,
};
