// The buyer's recent orders, kept in this browser only (localStorage): code and private link, newest first.
// Nothing here is sent anywhere; clearing site data forgets them ("Find my order" finds them again).

export type SavedOrder = { code: string; token: string; gameTitle: string; packageTitle: string; placedAt: string };

const KEY = 'topup.myOrders';
const MAX_SAVED = 30;

function isSaved(v: unknown): v is SavedOrder {
  const o = v as Partial<SavedOrder> | null;
  return !!o && typeof o.code === 'string' && typeof o.token === 'string' && typeof o.placedAt === 'string';
}

export function loadMyOrders(): SavedOrder[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved).sort((a, b) => (a.placedAt < b.placedAt ? 1 : -1)) : [];
  } catch {
    return [];
  }
}

function store(orders: SavedOrder[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(orders.slice(0, MAX_SAVED)));
  } catch {
    // Private mode or a full storage: the order page still works from its link.
  }
}

/** Adds or refreshes one order (a newer token for the same code replaces the older one). */
export function saveMyOrder(order: SavedOrder) {
  store([order, ...loadMyOrders().filter((o) => o.code !== order.code)].sort((a, b) => (a.placedAt < b.placedAt ? 1 : -1)));
}

export function removeMyOrder(code: string) {
  store(loadMyOrders().filter((o) => o.code !== code));
}
