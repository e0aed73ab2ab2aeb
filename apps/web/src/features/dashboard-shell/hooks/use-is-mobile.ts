// True below the spec's 768 px mobile breakpoint, following window resizes.
import { MOBILE_BREAKPOINT_PX } from '@topup/contract/limits';
import { useMediaQuery } from '../../../hooks/use-media-query';

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
