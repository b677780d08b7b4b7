import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

type Service = { title: string; text: string; icon: ReactNode };

const SERVICES: readonly Service[] = [
  {
    title: 'Project delivery',
    text: 'Every request is reviewed, scoped and handed to a team lead who runs it on a shared board until it ships.',
    icon: <ViewKanbanOutlinedIcon />,
  },
  {
    title: 'Contracts',
    text: 'Each approved project comes with a contract you read and sign online, and keep as a PDF.',
    icon: <DescriptionOutlinedIcon />,
  },
  {
    title: 'Invoicing',
    text: 'Itemised invoices you can pay by card, with a receipt the moment the payment goes through.',
    icon: <CreditCardOutlinedIcon />,
  },
  {
    title: 'Direct messaging',
    text: 'A conversation per project with the agency, with attachments and read receipts.',
    icon: <ChatBubbleOutlineIcon />,
  },
];

const STEPS = [
  { title: 'Sign up', text: 'Create a client account with your name and e-mail.' },
  { title: 'Send a brief', text: 'Describe the project, the budget and when you need it.' },
  { title: 'Approve and sign', text: 'We confirm the scope and team; you sign the contract online.' },
  { title: 'Track and pay', text: 'Follow progress, talk to us, and pay invoices when they are due.' },
] as const;

type HomePageProps = { brandName: string | undefined };

export function HomePage({ brandName }: HomePageProps) {
  return (
    <Box data-testid="home-page">
      <Box
        component="section"
        sx={{
          py: { xs: 7, md: 11 },
          background: 'linear-gradient(180deg, #eef2ff 0%, #f6f7fb 100%)',
          borderBottom: '1px solid #e2e8f0',
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
            Welcome{brandName ? ` to ${brandName}` : ''}
          </Typography>
          <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.1rem', md: '3.2rem' }, maxWidth: 760, mt: 1 }}>
            A delivery team for your next project
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, maxWidth: 640, mt: 2 }}>
            Bring us an idea, a deadline and a budget. We agree the scope, staff the project and keep you informed until it is done.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
            <Button component={Link} to={paths.clientSignup} variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
              Start a project
            </Button>
            <Button component={Link} to={paths.login} variant="outlined" size="large">
              Log in
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" aria-labelledby="services" sx={{ py: { xs: 7, md: 10 } }}>
        <Typography id="services" variant="h4" component="h2">
          Services
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 620 }}>
          What working with us looks like, from the first message to the last invoice.
        </Typography>
        <Box
          sx={{
            mt: 4,
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {SERVICES.map((service) => (
            <Card key={service.title} sx={{ p: 3 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: '#eef2ff',
                  color: 'primary.main',
                }}
              >
                {service.icon}
              </Box>
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                {service.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {service.text}
              </Typography>
            </Card>
          ))}
        </Box>
      </Container>

      <Box
        component="section"
        aria-labelledby="how-it-works"
        sx={{ py: { xs: 7, md: 10 }, bgcolor: '#fff', borderTop: '1px solid #e2e8f0', borderBottom: '1px solid #e2e8f0' }}
      >
        <Container maxWidth="lg">
          <Typography id="how-it-works" variant="h4" component="h2">
            How it works
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 4,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {STEPS.map((step, index) => (
              <Box component="li" key={step.title}>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: '#0f172a',
                    color: '#fff',
                    fontWeight: 800,
                  }}
                >
                  {index + 1}
                </Box>
                <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {step.text}
                </Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Container maxWidth="md" component="section" aria-labelledby="cta" sx={{ py: { xs: 7, md: 10 }, textAlign: 'center' }}>
        <Typography id="cta" variant="h4" component="h2">
          Have a project in mind?
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          Create your client account and send the brief. We reply to every request.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button component={Link} to={paths.signup} variant="contained" size="large">
            Sign up
          </Button>
          <Button component={Link} to={paths.login} variant="text" size="large">
            I already have an account
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
