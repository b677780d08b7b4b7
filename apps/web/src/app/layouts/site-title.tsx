import { usePublicConfig } from '../../features/config/hooks/use-public-config';

/**
 * The document title of a light public page (no query library: no unread-count prefix, nobody is working there).
 * React 19 hoists a rendered <title> into the head.
 */
export function PublicTitle({ title }: { title: string }) {
  const brand = usePublicConfig()?.brand_name;
  return <title>{brand ? `${title} · ${brand}` : title}</title>;
}
