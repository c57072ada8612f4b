import { createFileRoute } from '@tanstack/react-router';
import { orderFromSearch, orderSearch, type OrderSearch } from '../flows/shared/orderSearch.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { lazyPart } from '../ui/lazyPart.tsx';

// The check form and the status (react-aria's typeaheads, Temporal) load on demand: the page, its
// header and the banner paint from the prerendered HTML without waiting for them, as the link routes do.
const OrderStatusPage = lazyPart(() => import('../flows/orders/OrderStatusPage.tsx'), (m) => m.default, {
  what: 'The order status',
  fallback: <Skeleton lines={6} label="Loading the order status" />,
});

/** The address bar may hold the order number (?order=), never anything personal: anything else is dropped. */
export const Route = createFileRoute('/orderStatus')({
  validateSearch: (search: Record<string, unknown>): OrderSearch => {
    const order = orderFromSearch(search);
    return order ? orderSearch(order) : {};
  },
  component: function OrderStatusRoute() {
    const order = orderFromSearch(Route.useSearch());
    return <OrderStatusPage key={order} orderNumber={order} />;
  },
});
