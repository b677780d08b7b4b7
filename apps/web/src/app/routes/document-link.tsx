import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { DocumentLinkPage, type RenderLinkedProposal } from '../../features/document-links/components/document-link-page';
import { PublicTitle } from '../layouts/site-title';

// The proposal's parts come with the UI kit: fetched only when the link opens a proposal.
const LinkedProposal = lazy(async () => ({ default: (await import('./document-link-proposal')).LinkedProposal }));

const renderProposal: RenderLinkedProposal = (opened) => (
  <Suspense
    fallback={
      <p className="pub-muted" role="status">
        Opening the proposal…
      </p>
    }
  >
    <LinkedProposal {...opened} />
  </Suspense>
);

/** /d/:token: the one-tap link of a proposal, contract or invoice e-mail (public: the link is the key). */
export function DocumentLinkRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <PublicTitle title="Your document" />
      <DocumentLinkPage key={token} linkToken={token} renderProposal={renderProposal} />
    </>
  );
}
