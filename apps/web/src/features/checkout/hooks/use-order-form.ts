// The game page's order form state: account details, payment method, chosen package and quantity (the storefront rule:
// choosing a package sets quantity to 1 unless it can add quantity; sub total = price × quantity).
import { useMemo, useReducer } from 'react';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { DEFAULT_PAYMENT_METHOD, QUANTITY, type PaymentMethod } from '@topup/contract/limits';
import { canBuy, clampQuantity, isOutOfStock, packagesFor, quantityAfterSelect, quantityLimit, subTotal } from '../lib/order-rules';

export type OrderFormState = {
  inGameUserId: string;
  serverInfo: string;
  mobileNumber: string;
  paymentMethod: PaymentMethod;
  packageId: string | null;
  quantity: number;
};

type Action =
  | { type: 'field'; name: 'inGameUserId' | 'serverInfo' | 'mobileNumber'; value: string }
  | { type: 'method'; method: PaymentMethod }
  | { type: 'select'; pkg: TokenPackageDto }
  | { type: 'quantity'; value: unknown }
  | { type: 'reset' };

export const initialOrderForm: OrderFormState = {
  inGameUserId: '',
  serverInfo: '',
  mobileNumber: '',
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  packageId: null,
  quantity: QUANTITY.min,
};

export function orderFormReducer(state: OrderFormState, action: Action): OrderFormState {
  switch (action.type) {
    case 'field':
      return { ...state, [action.name]: action.value };
    case 'method':
      // The chosen package belongs to the other method's grid: it can't stay chosen where it isn't shown.
      return action.method === state.paymentMethod
        ? state
        : { ...state, paymentMethod: action.method, packageId: null, quantity: QUANTITY.min };
    case 'select':
      return { ...state, packageId: action.pkg.id, quantity: quantityAfterSelect(action.pkg, state.quantity) };
    case 'quantity':
      return { ...state, quantity: clampQuantity(action.value) };
    case 'reset':
      return initialOrderForm;
  }
}

export function useOrderForm(packages: TokenPackageDto[]) {
  const [state, dispatch] = useReducer(orderFormReducer, initialOrderForm);
  const visible = useMemo(() => packagesFor(packages, state.paymentMethod), [packages, state.paymentMethod]);
  // A package that ran out of codes since it was chosen is chosen no more.
  const selected = visible.find((p) => p.id === state.packageId && !isOutOfStock(p)) ?? null;
  const quantity = selected?.canAddQuantity ? Math.min(state.quantity, quantityLimit(selected)) : QUANTITY.min;
  const total = selected ? subTotal(selected.price, quantity) : 0;
  return {
    state,
    dispatch,
    visible,
    selected,
    quantity,
    subTotal: total,
    total,
    canBuy: canBuy({ packageId: selected?.id ?? null, inGameUserId: state.inGameUserId, mobileNumber: state.mobileNumber }),
  };
}
