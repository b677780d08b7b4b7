import { useParams } from 'react-router';
import { DocumentLinkPage } from '../../features/document-links/components/document-link-page';
import { PublicTitle } from '../layouts/site-title';

/** /d/:token: the one-tap link of a proposal, contract or invoice e-mail (public: the link is the key). */
export function DocumentLinkRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <PublicTitle title="Your document" />
      <DocumentLinkPage key={token} linkToken={token} />
    </>
  );
}
