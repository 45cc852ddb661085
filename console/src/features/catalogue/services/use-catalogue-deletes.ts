import type { Category, Service } from '@backoffice/contracts';
import { useDeleteRecord } from '../../../components/feedback';
import { deleteCategory, deleteService } from './api';

/** Delete a category or a service, after the question that names it and says what goes with it. */
export function useCatalogueDeletes() {
  const { remove } = useDeleteRecord();

  const removeCategory = async (target: Category) => {
    const holds = [
      target.childCount ? `${target.childCount} ${target.childCount === 1 ? 'category' : 'categories'}` : '',
      target.serviceCount ? `${target.serviceCount} ${target.serviceCount === 1 ? 'service' : 'services'}` : '',
    ].filter(Boolean);
    await remove({
      run: () => deleteCategory(target.id),
      noun: 'category',
      name: target.name,
      message: 'are you sure to delete this category?',
      detail: holds.length
        ? `It still holds ${holds.join(' and ')}: those must be moved or deleted first, or it is not deleted.`
        : 'It is empty: nothing else goes with it.',
    });
  };

  const removeService = (target: Service) =>
    remove({
      run: () => deleteService(target),
      noun: 'service',
      name: target.name,
      message: 'are you sure to delete this service?',
      detail: 'It leaves the catalogue and the website at once. Orders already placed keep their items.',
    });

  return { removeCategory, removeService };
}
