import type { ProjectListItem, Role } from '@agency/schema';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import type { ButtonProps } from '@mui/material/Button';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useProjectsT } from '../i18n';
import { ProjectStatusActions } from './project-status-actions';

type StaffProjectActionsProps = {
  project: Pick<ProjectListItem, 'id' | 'title' | 'status' | 'team_lead'>;
  role: Role;
  userId: string;
  size?: ButtonProps['size'];
};

/** A pending project goes to the approval queue (super admin); otherwise start, complete or cancel. */
export function StaffProjectActions({ project, role, userId, size }: StaffProjectActionsProps) {
  const { t } = useProjectsT();
  if (project.status === 'pending' && role === 'superadmin') {
    return (
      <Stack direction="row" sx={{ justifyContent: { md: 'flex-end' } }}>
        <Button
          component={Link}
          to={`${paths.superadmin.projectApproval}?id=${encodeURIComponent(project.id)}`}
          size={size}
          variant="contained"
          startIcon={<RateReviewOutlinedIcon />}
        >
          {t('staffActions.review')}
        </Button>
      </Stack>
    );
  }
  return <ProjectStatusActions project={project} role={role} userId={userId} size={size} />;
}
