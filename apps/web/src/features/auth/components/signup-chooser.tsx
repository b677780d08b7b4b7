import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BusinessCenterOutlinedIcon from '@mui/icons-material/BusinessCenterOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

const iconBox = {
  width: 52,
  height: 52,
  borderRadius: 3,
  display: 'grid',
  placeItems: 'center',
  mb: 2,
} as const;

export function SignupChooser() {
  return (
    <Box sx={{ flex: 1, py: { xs: 5, md: 9 } }}>
      <Container maxWidth="md">
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, textAlign: 'center' }}>
          Create your account
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1.5 }}>
          Choose how you work with us.
        </Typography>
        <Box sx={{ mt: 5, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Card sx={{ borderColor: 'primary.light', borderWidth: 2 }}>
            <CardActionArea component={RouterLink} to={paths.clientSignup} sx={{ p: 3.5, height: '100%' }} data-testid="choose-client">
              <Box sx={{ ...iconBox, bgcolor: '#eef2ff', color: 'primary.main' }}>
                <BusinessCenterOutlinedIcon />
              </Box>
              <Typography variant="h5" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                I&apos;m a client <ArrowForwardIcon fontSize="small" />
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                Sign up to send project briefs, sign contracts, pay invoices and talk to the agency.
              </Typography>
            </CardActionArea>
          </Card>
          <Card sx={{ p: 3.5, bgcolor: '#f8fafc' }} data-testid="invitation-note">
            <Box sx={{ ...iconBox, bgcolor: '#e2e8f0', color: 'text.secondary' }}>
              <BadgeOutlinedIcon />
            </Box>
            <Typography variant="h5" component="h2">
              Admins and employees
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Admin, team lead and team member accounts are created by invitation only. Open the link in your invitation e-mail to set up your
              account.
            </Typography>
          </Card>
        </Box>
        <Typography sx={{ textAlign: 'center', mt: 4 }} color="text.secondary">
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      </Container>
    </Box>
  );
}
