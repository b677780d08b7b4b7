import type { ProjectListItem } from '@agency/schema';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import { DataTable } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { projectColumns } from './project-list';

type ProjectRowsProps = {
  /** Projects another answer already carries (a client company's), shown as the project list shows them. */
  projects: readonly ProjectListItem[];
  getDetailPath: (id: string) => string;
  label: string;
  emptyText: string;
};

export function ProjectRows({ projects, getDetailPath, label, emptyText }: ProjectRowsProps) {
  return (
    <DataTable
      columns={projectColumns({ getDetailPath, showClient: true, showTeamLead: true })}
      rows={projects}
      getRowId={(project) => project.id}
      label={label}
      empty={<ListEmpty icon={<FolderOpenOutlinedIcon />} title={emptyText} />}
      getRowAttributes={(project) => ({ 'data-project-id': project.id })}
      rowTestId="project-row"
    />
  );
}
