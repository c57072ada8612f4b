import { createFileRoute } from '@tanstack/react-router';
import { LinkFlowPage } from '../flows/link/LinkFlowPage.tsx';

export const Route = createFileRoute('/EasyFill/$linkId')({
  component: function EasyFillRoute() {
    const { linkId } = Route.useParams();
    // A new link id is a new page: the machines start again (their input is read once).
    return <LinkFlowPage key={linkId} flow="easyFill" linkId={linkId} />;
  },
});
