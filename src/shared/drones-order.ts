/** Drones first by primary, then in the order they were added (doc 2 §4: the primary drone is listed first). */
export function sortDrones<T extends { isPrimary: boolean; createdAt: string; id: number }>(drones: readonly T[]): T[] {
  return [...drones].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}
