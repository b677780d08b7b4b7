import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import logoUrl from '../assets/logo.svg';

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

const mutedText = 'rgb(255 255 255 / 70%)';

export function SiteFooter({ brandName, contactPhone, contactEmail }: SiteFooterProps) {
  return (
    <Box component="footer" data-testid="site-footer" sx={{ backgroundColor: '#0f172a', color: '#fff', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 6 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1.5fr 1fr' },
          }}
        >
          <Box>
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Box component="img" src={logoUrl} alt="" width={30} height={30} />
              <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.1rem' }} data-testid="footer-brand">
                {brandName}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ color: mutedText, maxWidth: 360 }}>
              Projects, contracts, invoices and conversations with your delivery team, in one place.
            </Typography>
          </Box>
          <Box>
            <Typography variant="overline" component="h2" sx={{ color: mutedText, letterSpacing: '0.1em' }}>
              Contact
            </Typography>
            <Stack spacing={1} sx={{ mt: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="footer-phone">
                <PhoneOutlinedIcon fontSize="small" aria-hidden="true" sx={{ color: mutedText }} />
                <Typography variant="body2">
                  Phone:{' '}
                  {contactPhone && (
                    <Link href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} color="inherit" underline="hover">
                      {contactPhone}
                    </Link>
                  )}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="footer-email">
                <EmailOutlinedIcon fontSize="small" aria-hidden="true" sx={{ color: mutedText }} />
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  E-mail:{' '}
                  {contactEmail && (
                    <Link href={`mailto:${contactEmail}`} color="inherit" underline="hover">
                      {contactEmail}
                    </Link>
                  )}
                </Typography>
              </Stack>
            </Stack>
          </Box>
          <Box>
            <Typography variant="overline" component="h2" sx={{ color: mutedText, letterSpacing: '0.1em' }}>
              Follow us
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <IconButton
                  key={href}
                  component="a"
                  href={href}
                  aria-label={label}
                  title={label}
                  sx={{ color: '#fff', border: '1px solid rgb(255 255 255 / 20%)' }}
                >
                  <Icon fontSize="small" />
                </IconButton>
              ))}
            </Stack>
          </Box>
        </Box>
        <Box sx={{ borderTop: '1px solid rgb(255 255 255 / 12%)', mt: 4, pt: 3, minHeight: 24 }}>
          {brandName && (
            <Typography variant="body2" sx={{ color: mutedText }} data-testid="footer-copyright">
              © 2023 {brandName}. All rights reserved.
            </Typography>
          )}
        </Box>
      </Container>
    </Box>
  );
}
