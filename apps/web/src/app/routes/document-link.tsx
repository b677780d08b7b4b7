import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { DocumentLinkPage, type RenderLinkedProposal } from '../../features/document-links/components/document-link-page';
import { useDocumentLinksT } from '../../features/document-links/i18n';
import { PublicTitle } from '../layouts/site-title';

// The proposal's parts come with the UI kit: fetched only when the link opens a proposal.
const LinkedProposal = lazy(async () => ({ default: (await import('./document-link-proposal')).LinkedProposal }));

function OpeningProposal() {
  const { t } = useDocumentLinksT();
  return (
    <p className="pub-muted" role="status">
      {t('proposal.opening')}
    </p>
  );
}

const renderProposal: RenderLinkedProposal = (opened) => (
  <Suspense fallback={<OpeningProposal />}>
    <LinkedProposal {...opened} />
  </Suspense>
);

/** /d/:token: the one-tap link of a proposal, contract or invoice e-mail (public: the link is the key). */
export function DocumentLinkRoute() {
  const { t } = useDocumentLinksT();
  const { token = '' } = useParams();
  return (
    <>
      <PublicTitle title={t('pageTitle')} />
      <DocumentLinkPage key={token} linkToken={token} renderProposal={renderProposal} />
    </>
  );
}
