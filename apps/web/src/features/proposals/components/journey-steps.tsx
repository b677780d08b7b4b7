import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useProposalsT } from '../i18n';

export const JOURNEY_STEPS = ['Proposal', 'Contract', 'Deposit', 'Kickoff'] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

const STEP_KEYS = { Proposal: 'proposal', Contract: 'contract', Deposit: 'deposit', Kickoff: 'kickoff' } as const satisfies Record<
  JourneyStep,
  string
>;

/** Where the client is on the way from a proposal to the work starting: one row, readable on a phone. */
export function JourneySteps({ current, done = false }: { current: JourneyStep; done?: boolean }) {
  const { t } = useProposalsT();
  const active = JOURNEY_STEPS.indexOf(current);
  return (
    <Stepper
      activeStep={done ? JOURNEY_STEPS.length : active}
      alternativeLabel
      aria-label={t('journey.label')}
      data-testid="journey-steps"
      data-step={current}
      sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
    >
      {JOURNEY_STEPS.map((step, i) => (
        <Step key={step} completed={done || i < active}>
          <StepLabel aria-current={i === active && !done ? 'step' : undefined}>{t(`journey.steps.${STEP_KEYS[step]}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
