import { useConfig } from '../hooks/use-config';

type PageTitleProps = { title: string };

/** React 19 hoists <title> into the document head. */
export function PageTitle({ title }: PageTitleProps) {
  const brand = useConfig().data?.brand_name;
  return <title>{brand ? `${title} · ${brand}` : title}</title>;
}
