import type { Category, Service } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { useConfirmDelete, useNotify } from '../../../components/feedback';
import { deleteCategory, deleteService } from './api';

/** Delete a category or a service, after the question that names it and says what goes with it. */
export function useCatalogueDeletes() {
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();

  const removeCategory = async (target: Category) => {
    const holds = [
      target.childCount ? `${target.childCount} ${target.childCount === 1 ? 'category' : 'categories'}` : '',
      target.serviceCount ? `${target.serviceCount} ${target.serviceCount === 1 ? 'service' : 'services'}` : '',
    ].filter(Boolean);
    const yes = await confirmDelete({
      noun: 'category',
      name: target.name,
      message: 'are you sure to delete this category?',
      detail: holds.length
        ? `It still holds ${holds.join(' and ')}: those must be moved or deleted first, or it is not deleted.`
        : 'It is empty: nothing else goes with it.',
    });
    if (!yes) return;
    try {
      await deleteCategory(target.id);
      notify.success(`${target.name} was deleted.`, 'Category deleted');
    } catch (error) {
      notify.error(errorMessage(error), 'Failed to delete the category');
    }
  };

  const removeService = async (target: Service) => {
    const yes = await confirmDelete({
      noun: 'service',
      name: target.name,
      message: 'are you sure to delete this service?',
      detail: 'It leaves the catalogue and the website at once. Orders already placed keep their items.',
    });
    if (!yes) return;
    try {
      await deleteService(target);
      notify.success(`${target.name} was deleted.`, 'Service deleted');
    } catch (error) {
      notify.error(errorMessage(error), 'Failed to delete the service');
    }
  };

  return { removeCategory, removeService };
}
