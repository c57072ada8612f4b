import { createFileRoute } from '@tanstack/react-router';
import { LinkFlowPage } from '../flows/link/LinkFlowPage.tsx';

export const Route = createFileRoute('/autorefill/$linkId')({
  component: function AutoRefillRoute() {
    const { linkId } = Route.useParams();
    return <LinkFlowPage key={linkId} flow="autoRefill" linkId={linkId} />;
  },
});
