import logoUrl from '../../assets/logo.svg';
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
};

export function SiteFooter({ brandName, contactPhone, contactEmail }: SiteFooterProps) {
  return (
    <footer className="pub-footer" data-testid="site-footer">
      <div className="pub-wrap">
        <div className="pub-footer__grid">
          <div>
            <p className="pub-footer__brand">
              <img src={logoUrl} alt="" width={30} height={30} />
              <span data-testid="footer-brand">{brandName}</span>
            </p>
            <p className="pub-footer__muted">Projects, contracts, invoices and conversations with your delivery team, in one place.</p>
          </div>
          <div>
            <h2 className="pub-footer__title">Contact</h2>
            <p className="pub-footer__line" data-testid="footer-phone">
              <PhoneIcon />
              <span>Phone: {contactPhone && <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</a>}</span>
            </p>
            <p className="pub-footer__line" data-testid="footer-email">
              <EmailIcon />
              <span>E-mail: {contactEmail && <a href={`mailto:${contactEmail}`}>{contactEmail}</a>}</span>
            </p>
          </div>
          <div>
            <h2 className="pub-footer__title">Follow us</h2>
            <div className="pub-footer__social">
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <a key={href} href={href} aria-label={label} title={label}>
                  <Icon />
                </a>
              ))}
            </div>
          </div>
        </div>
        <div className="pub-footer__bottom">{brandName && <p data-testid="footer-copyright">© 2023 {brandName}. All rights reserved.</p>}</div>
      </div>
    </footer>
  );
}
