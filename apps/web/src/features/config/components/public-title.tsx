import { useDocumentTitle } from '../../../lib/document-title';
import { usePublicConfig } from '../hooks/use-public-config';

/** The document title of a light public page (no query library: no unread-count prefix, nobody is working there). */
export function PublicTitle({ title }: { title: string }) {
  const brand = usePublicConfig()?.brand_name;
  useDocumentTitle(brand ? `${title} · ${brand}` : title);
  return null;
}
