import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/Page.tsx';
import { TERMS_UPDATED, TermsOfUseText } from '../content/TermsOfUseText.tsx';

export const Route = createFileRoute('/TermsOfUse')({ component: TermsOfUse });

function TermsOfUse() {
  return (
    <Page title="Terms of Use" intro={TERMS_UPDATED}>
      <TermsOfUseText />
    </Page>
  );
}
