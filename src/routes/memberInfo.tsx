import { createFileRoute } from '@tanstack/react-router';
import { MemberFlowRoute } from '../flows/member/MemberFlowPage.tsx';

export const Route = createFileRoute('/memberInfo')({
  component: () => <MemberFlowRoute title="Transfer Your Prescriptions" />,
});
