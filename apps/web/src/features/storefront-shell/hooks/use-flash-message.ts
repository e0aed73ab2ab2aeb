// The message an order passes home in navigation state: shown as a toast for 5 s (top-centre), and the state
// cleared after 5 s so a reload or Back doesn't show it again.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS } from '@topup/contract/limits';
import { showToast } from '../../../lib/toast';

export type FlashState = { message?: string };

const shown = new Set<string>();

export function useFlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const message = (location.state as FlashState | null)?.message;

  useEffect(() => {
    if (!message) return;
    if (!shown.has(location.key)) {
      shown.add(location.key);
      void showToast('success', message, TIMINGS.orderToastMs);
    }
    const timer = setTimeout(() => {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }, TIMINGS.homeMessageClearMs);
    return () => clearTimeout(timer);
  }, [message, location.key, location.pathname, location.search, navigate]);
}
