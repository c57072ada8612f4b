import { createFileRoute } from '@tanstack/react-router';
import { FlowUnavailable } from '../shell/FlowUnavailable.tsx';

export const Route = createFileRoute('/EasyFill/$linkId')({
  component: () => <FlowUnavailable title="Easy refill" />,
});
