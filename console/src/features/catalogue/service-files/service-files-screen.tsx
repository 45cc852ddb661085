import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentCheckmarkRegular, EditRegular } from '@fluentui/react-icons';
import { acceptTypes, SERVICE_FILE_TYPE_LABELS, type ServiceFile } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { EmptyState, PageSpinner, useConfirmDelete, useNotify } from '../../../components/feedback';
import { PageHeader } from '../../../components/layout';
import { deleteServiceFile, useServiceFiles } from './api';
import { ServiceFileFormDialog } from './service-file-form-dialog';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  types: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  any: { color: tokens.colorNeutralForeground3 },
  usage: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
});

/** `/admin/services-files`: the documents services may require, with Add File, Edit and Delete. */
export default function ServiceFilesScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const { data: files, error, mutate } = useServiceFiles();
  const [editing, setEditing] = useState<{ file: ServiceFile | null } | null>(null);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load service files');
  }, [error, notify]);

  const remove = async (file: ServiceFile) => {
    const yes = await confirmDelete({
      noun: 'service file',
      name: file.name,
      message: 'are you sure to delete this service file?',
      detail: 'Services stop asking clients for it.',
    });
    if (!yes) return;
    try {
      await deleteServiceFile(file.id);
      notify.success(`${file.name} was deleted.`, 'Service file deleted');
    } catch (failure) {
      notify.error(errorMessage(failure), 'Failed to delete the service file');
    }
  };

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ file: null })}>
      Add File
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Service files"
        description="The documents a client must provide for a service, and their allowed types."
        actions={addButton}
      />
      {error && !files && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Service files could not be loaded</MessageBarTitle>
            {errorMessage(error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void mutate()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {!files && !error && <PageSpinner />}
      {files && files.length === 0 && <EmptyState icon={<DocumentCheckmarkRegular />} text="No service files yet." action={addButton} />}
      {files && files.length > 0 && (
        <Table className={styles.table} aria-label="Service files" data-testid="service-files-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Accepted types</TableHeaderCell>
              <TableHeaderCell style={{ width: '160px' }}>Required by</TableHeaderCell>
              <TableHeaderCell style={{ width: '210px' }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {files.map((file) => {
              const types = acceptTypes(file.accept);
              return (
                <TableRow key={file.id} data-testid={`service-file-${file.id}`}>
                  <TableCell>
                    <Text weight="semibold">{file.name}</Text>
                  </TableCell>
                  <TableCell>
                    {types.length ? (
                      <span className={styles.types}>
                        {types.map((type) => (
                          <Badge key={type} appearance="tint" color="informative">
                            {SERVICE_FILE_TYPE_LABELS[type]}
                          </Badge>
                        ))}
                      </span>
                    ) : (
                      <Text className={styles.any}>Any type</Text>
                    )}
                  </TableCell>
                  <TableCell className={styles.usage}>
                    {file.serviceCount ? `${file.serviceCount} ${file.serviceCount === 1 ? 'service' : 'services'}` : 'No service'}
                  </TableCell>
                  <TableCell>
                    <span className={styles.actions}>
                      <Button icon={<EditRegular />} onClick={() => setEditing({ file })} aria-label={`Edit ${file.name}`}>
                        Edit
                      </Button>
                      <Button icon={<DeleteRegular />} onClick={() => void remove(file)} aria-label={`Delete ${file.name}`}>
                        Delete
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {editing && <ServiceFileFormDialog file={editing.file} onClose={() => setEditing(null)} />}
    </>
  );
}
