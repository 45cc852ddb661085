import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { LeadStage } from '@backoffice/contracts';

const COLORS: Record<LeadStage, BadgeProps['color']> = {
  New: 'informative',
  Contacted: 'brand',
  Interested: 'warning',
  Converted: 'success',
  Lost: 'subtle',
};

/** A lead's pipeline stage. */
export function StageBadge({ stage }: { stage: LeadStage }) {
  return (
    <Badge appearance="tint" color={COLORS[stage]} data-testid="lead-stage">
      {stage}
    </Badge>
  );
}

/** yyyy-mm-dd of a local date, and back (follow-ups are calendar days). */
export const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
export const fromDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};
/** The agent's today, yyyy-mm-dd. */
export const today = () => toDay(new Date());
/** "Mar 5, 2026" of a yyyy-mm-dd. */
export const formatDay = (day: string) => fromDay(day).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
