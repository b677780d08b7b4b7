import logoUrl from '../../assets/logo.svg';
import { usePlainT } from './i18n';
import { EmailIcon, FacebookIcon, LinkedInIcon, PhoneIcon, WhatsAppIcon } from './icons';
import './public.css';

const SOCIAL_LINKS = [
  { href: '#facebook', label: 'Facebook', Icon: FacebookIcon },
  { href: '#linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
  { href: '#whatsapp', label: 'WhatsApp', Icon: WhatsAppIcon },
] as const;

type SiteFooterProps = {
  brandName: string | undefined;
  contactPhone: string | undefined;
  contactEmail: string | undefined;
  logoSrc?: string;
  /** The agency's own links (privacy, terms…), set on the brand screen. */
  links?: readonly { label: string; url: string }[];
};

export function SiteFooter({ brandName, contactPhone, contactEmail, logoSrc, links = [] }: SiteFooterProps) {
  const { t } = usePlainT();
  return (
    <footer className="pub-footer" data-testid="site-footer">
      <div className="pub-wrap">
        <div className="pub-footer__grid">
          <div>
            <p className="pub-footer__brand">
              <img src={logoSrc ?? logoUrl} alt="" width={30} height={30} className="pub-brand__logo" />
              <span data-testid="footer-brand">{brandName}</span>
            </p>
            <p className="pub-footer__muted">{t('footer.tagline')}</p>
          </div>
          <div>
            <h2 className="pub-footer__title">{t('footer.contact')}</h2>
            <p className="pub-footer__line" data-testid="footer-phone">
              <PhoneIcon />
              <span>
                {t('footer.phone')}{' '}
                {contactPhone && (
                  <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} dir="ltr">
                    {contactPhone}
                  </a>
                )}
              </span>
            </p>
            <p className="pub-footer__line" data-testid="footer-email">
              <EmailIcon />
              <span>
                {t('footer.email')}{' '}
                {contactEmail && (
                  <a href={`mailto:${contactEmail}`} dir="ltr">
                    {contactEmail}
                  </a>
                )}
              </span>
            </p>
          </div>
          <div>
            <h2 className="pub-footer__title">{t('footer.followUs')}</h2>
            <div className="pub-footer__social">
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <a key={href} href={href} aria-label={label} title={label}>
                  <Icon />
                </a>
              ))}
            </div>
          </div>
        </div>
        <div className="pub-footer__bottom">
          {links.length > 0 && (
            <nav aria-label={t('footer.nav')} className="pub-footer__links" data-testid="footer-links">
              {links.map((link) => (
                <a key={`${link.label}${link.url}`} href={link.url}>
                  {link.label}
                </a>
              ))}
            </nav>
          )}
          {brandName && <p data-testid="footer-copyright">{t('footer.copyright', { brand: brandName })}</p>}
        </div>
      </div>
    </footer>
  );
}
