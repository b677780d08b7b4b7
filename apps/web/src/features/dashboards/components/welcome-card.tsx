import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type WelcomeCardProps = { name: string; children: ReactNode };

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function WelcomeCard({ name, children }: WelcomeCardProps) {
  return (
    <Card
      sx={{
        p: { xs: 3, sm: 4 },
        color: '#fff',
        border: 0,
        background: 'linear-gradient(135deg, #312e81 0%, #4338ca 55%, #0d9488 130%)',
      }}
      data-testid="welcome-card"
    >
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        Welcome, {firstNameOf(name)}
      </Typography>
      <Typography sx={{ mt: 1, color: 'rgb(255 255 255 / 82%)', maxWidth: 640 }}>{children}</Typography>
    </Card>
  );
}
