import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: 'xs' | 'sm';
};

/** The frame shared by the sign-in and sign-up screens. */
export function AuthCard({ title, subtitle, children, footer, maxWidth = 'xs' }: AuthCardProps) {
  return (
    <Box
      sx={{
        flex: 1,
        py: { xs: 4, md: 8 },
        background: 'radial-gradient(1200px 400px at 50% -10%, rgb(99 102 241 / 14%), transparent 70%)',
      }}
    >
      <Container maxWidth={maxWidth === 'xs' ? 'sm' : 'md'} sx={{ maxWidth: maxWidth === 'xs' ? 480 : 640 }}>
        <Card sx={{ boxShadow: '0 12px 40px rgb(15 23 42 / 8%)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {subtitle}
              </Typography>
            )}
            <Box sx={{ mt: 3 }}>{children}</Box>
          </CardContent>
        </Card>
        {footer && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
            {footer}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
