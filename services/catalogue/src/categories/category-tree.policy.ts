/**
 * Rules of the category tree, as plain functions.
 */

/**
 * Why `categoryId` may not move under `newParentId`, or undefined when it may.
 * `parentChain` is the new parent followed by its ancestors (any order).
 */
export function moveProblem(categoryId: number, newParentId: number | null, parentChain: readonly number[]): string | undefined {
  if (newParentId === null) return undefined;
  if (newParentId === categoryId || parentChain.includes(categoryId)) {
    return 'A category cannot be placed inside itself or one of its own subcategories.';
  }
  return undefined;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why a category may not be deleted, or undefined when it is empty. */
export function deleteRefusal(childCount: number, serviceCount: number): string | undefined {
  if (childCount === 0 && serviceCount === 0) return undefined;
  const contents = [
    ...(childCount ? [plural(childCount, 'subcategory', 'subcategories')] : []),
    ...(serviceCount ? [plural(serviceCount, 'service', 'services')] : []),
  ].join(' and ');
  return `This category still has ${contents}. Delete or move them first.`;
}
