import type { LeadChange } from '@backoffice/contracts';

/**
 * The user-leads screen's pending set: what the selected agent has (in assignment order) and the
 * changes not applied yet. A change that undoes itself disappears, so the count stays honest.
 */
export class PendingChanges {
  constructor(
    private readonly assigned: readonly number[] = [],
    private readonly pending: ReadonlyMap<number, boolean> = new Map(),
  ) {}

  private get assignedSet(): ReadonlySet<number> {
    return new Set(this.assigned);
  }

  get count(): number {
    return this.pending.size;
  }

  get changes(): LeadChange[] {
    return [...this.pending].map(([leadId, add]) => ({ leadId, add }));
  }

  isSelected(leadId: number): boolean {
    return this.pending.get(leadId) ?? this.assignedSet.has(leadId);
  }

  /** The agent's leads after the changes, oldest first: kept assignments, then pending adds in the order made. */
  selectedInOrder(): number[] {
    const kept = this.assigned.filter((id) => this.pending.get(id) !== false);
    const added = [...this.pending].filter(([id, add]) => add && !this.assignedSet.has(id)).map(([id]) => id);
    return [...kept, ...added];
  }

  set(leadIds: readonly number[], selected: boolean): PendingChanges {
    const next = new Map(this.pending);
    const assigned = this.assignedSet;
    for (const id of leadIds) {
      if (assigned.has(id) === selected) next.delete(id);
      else next.set(id, selected);
    }
    return new PendingChanges(this.assigned, next);
  }

  /** −10 / −100: unselects the agent's last n selected leads. */
  removeLast(n: number): PendingChanges {
    return this.set(this.selectedInOrder().slice(-n), false);
  }

  /** +10 / +100: selects the first n of `candidates` (unassigned, in table order) not selected yet. */
  addFirst(candidates: readonly number[], n: number): PendingChanges {
    return this.set(candidates.filter((id) => !this.isSelected(id)).slice(0, n), true);
  }

  /** How many unassigned candidates to fetch so that n remain after leaving out pending adds. */
  candidatesNeeded(n: number): number {
    return n + [...this.pending.values()].filter(Boolean).length;
  }
}
