/**
 * One order's live status on /orderStatus, loaded on demand by OrderStatusPage.tsx once an order opens:
 * the check form, the page's first screen for everyone without a token, carries none of it (the
 * order-status machine, its rules, the timeline, Temporal and the card form).
 */
export { Status as default } from './OrderStatusPanel.tsx';
