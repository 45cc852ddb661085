import { useState } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, DocumentCheckmarkRegular, EditRegular } from '@fluentui/react-icons';
import { acceptTypes, SERVICE_FILE_TYPE_LABELS, type ServiceFile } from '@backoffice/contracts';
import { useDeleteRecord } from '../../../components/feedback';
import { AddButton, PageHeader } from '../../../components/layout';
import { DataTable, type DataTableColumn } from '../../../components/table';
import { deleteServiceFile, useServiceFiles } from './api';
import { ServiceFileFormDialog } from './service-file-form-dialog';

const useStyles = makeStyles({
  types: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, paddingBlock: tokens.spacingVerticalXS },
  any: { color: tokens.colorNeutralForeground3 },
});

function AcceptedTypes({ file }: { file: ServiceFile }) {
  const styles = useStyles();
  const types = acceptTypes(file.accept);
  if (!types.length) return <Text className={styles.any}>Any type</Text>;
  return (
    <span className={styles.types}>
      {types.map((type) => (
        <Badge key={type} appearance="tint" color="informative">
          {SERVICE_FILE_TYPE_LABELS[type]}
        </Badge>
      ))}
    </span>
  );
}

const COLUMNS: DataTableColumn<ServiceFile>[] = [
  { id: 'name', header: 'Name', text: (file) => file.name, card: 'title', width: 260 },
  { id: 'accept', header: 'Accepted types', render: (file) => <AcceptedTypes file={file} />, width: 260 },
  {
    id: 'usage',
    header: 'Required by',
    text: (file) => (file.serviceCount ? `${file.serviceCount} ${file.serviceCount === 1 ? 'service' : 'services'}` : 'No service'),
    width: 140,
  },
];

/** `/admin/services-files`: the documents services may require, with Add File, Edit and Delete. */
export default function ServiceFilesScreen() {
  const { remove: removeRecord } = useDeleteRecord();
  const { data: files, error, mutate } = useServiceFiles();
  const [editing, setEditing] = useState<{ file: ServiceFile | null } | null>(null);

  const remove = (file: ServiceFile) =>
    removeRecord({
      run: () => deleteServiceFile(file.id),
      noun: 'service file',
      name: file.name,
      message: 'are you sure to delete this service file?',
      detail: 'Services stop asking clients for it.',
    });

  const addButton = <AddButton onClick={() => setEditing({ file: null })}>Add File</AddButton>;

  return (
    <>
      <PageHeader
        title="Service files"
        description="The documents a client must provide for a service, and their allowed types."
        actions={addButton}
      />
      <DataTable<ServiceFile>
        label="Service files"
        noun="service files"
        columns={COLUMNS}
        items={files}
        getRowId={(file) => String(file.id)}
        getRowName={(file) => file.name}
        error={error}
        onRetry={() => void mutate()}
        empty={{ icon: <DocumentCheckmarkRegular />, text: 'No service files yet.', action: addButton }}
        onRowClick={(file) => setEditing({ file })}
        actions={(file) => [
          { label: 'Edit', icon: <EditRegular />, ariaLabel: `Edit ${file.name}`, onClick: () => setEditing({ file }) },
          { label: 'Delete', icon: <DeleteRegular />, ariaLabel: `Delete ${file.name}`, onClick: () => void remove(file) },
        ]}
        actionsWidth={210}
        rowAttributes={(file) => ({ 'data-testid': `service-file-${file.id}` })}
      />
      {editing && <ServiceFileFormDialog file={editing.file} onClose={() => setEditing(null)} />}
    </>
  );
}
