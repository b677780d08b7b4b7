import type { ReactNode } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

type TextLinkProps = { to: string; children: ReactNode; sx?: TypographyProps['sx'] };

/**
 * A link to another screen, drawn as the UI kit's `Link` draws one (primary colour, underlined, the underline
 * darkening on hover) from the Typography every screen already loads: the dashboards' lists use it, and the kit's
 * `Link` would be one chunk more on each of them.
 */
export function TextLink({ to, children, sx }: TextLinkProps) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      variant="inherit"
      color="primary"
      sx={[
        // The underline is the primary colour at 40 %, as the kit's link draws it.
        (t) => ({
          textDecoration: 'underline',
          textDecorationColor: t.alpha(t.palette.primary.main, 0.4),
          '&:hover': { textDecorationColor: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Typography>
  );
}
