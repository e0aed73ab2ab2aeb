// An automatic completion is in the timeline as done by "the shop (automatic)", with the wallet notice that allowed
// it; the codes handed over (how many, never which); and a payment confirmed but held for staff, with why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import i18n from '../../../lib/i18n';
import { OrderTimeline } from './order-timeline';

afterEach(() => vi.unstubAllGlobals());

const base = { orderId: 'o1', at: '2026-11-26T07:00:00.000Z' };

describe('timeline of orders the shop completes by itself', () => {
  it('names the shop (automatic) and the notice that allowed it, the codes handed over, and holds with reasons', async () => {
    const events: OrderEventDto[] = [
      { ...base, id: 'e1', type: 'PLACED', actor: null, data: { code: 'TEST2221' } },
      {
        ...base,
        id: 'e2',
        type: 'AUTO_HELD',
        actor: null,
        data: { reasons: ['overOrderAmount', 'paused'], noticeId: 'n0' },
      },
      {
        ...base,
        id: 'e3',
        type: 'STATUS_CHANGED',
        actor: null,
        data: {
          from: 'PENDING',
          to: 'COMPLETED',
          reason: null,
          note: null,
          bulk: false,
          automatic: { noticeId: 'n1', phoneName: 'Counter phone', amount: 45000, transactionId: '0100345678482913' },
        },
      },
      { ...base, id: 'e4', type: 'CODES_DELIVERED', actor: null, data: { count: 2 } },
      { ...base, id: 'e5', type: 'CODES_DELIVERED', actor: { id: 'u1', email: 'ops@shop.test' }, data: { count: 1 } },
    ];
    fakeServer((c) => (c.url === '/api/v1/Order/o1/Timeline' ? { payLoad: events } : undefined));
    renderDashboard(<OrderTimeline orderId="o1" />);
    const items = [...(await screen.findByTestId('timeline')).children];
    expect(items.map((i) => i.getAttribute('data-event'))).toEqual([
      'PLACED',
      'AUTO_HELD',
      'STATUS_CHANGED',
      'CODES_DELIVERED',
      'CODES_DELIVERED',
    ]);
    expect(items[1]).toHaveTextContent('Shop (automatic check)');
    expect(items[1]).toHaveTextContent(
      'Payment confirmed, but not completed automatically: over the largest order total; automatic completion is paused. Waiting for staff.',
    );
    expect(items[2]).toHaveTextContent('The shop (automatic)');
    expect(items[2]).toHaveTextContent("Completed automatically: the shop's wallet confirmed 45,000 via Counter phone (0100345678482913)");
    expect(items[3]).toHaveTextContent('The shop (automatic)');
    expect(items[3]).toHaveTextContent('2 codes handed to the buyer');
    expect(items[4]).toHaveTextContent('ops@shop.test');
    expect(items[4]).toHaveTextContent('1 code handed to the buyer');

    await i18n.changeLanguage('mm');
    expect(await screen.findAllByText('ဆိုင် (အလိုအလျောက်)')).toHaveLength(2);
    await i18n.changeLanguage('en');
  });
});
