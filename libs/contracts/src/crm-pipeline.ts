import { z } from 'zod';
import { calendarDate } from './dates';
import { callerTimeZone } from './scheduling';
import { LeadSchema, LeadTableQuerySchema } from './crm';

/**
 * The sales pipeline: each assigned lead moves through a stage, has a next follow-up date and a history
 * of notes. Agents work their own leads; Managers and Admins see every agent's (the team view).
 */

/** The stages, in pipeline order (a fixed list for now). */
export const LEAD_STAGES = ['New', 'Contacted', 'Interested', 'Converted', 'Lost'] as const;
export const LeadStageSchema = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStageSchema>;

/** Orders of the pipeline lists: newest assignment first (default), next follow-up first, by name, by stage. */
export const PIPELINE_SORTS = ['assigned', 'followUp', 'name', 'stage'] as const;
export type PipelineSort = (typeof PIPELINE_SORTS)[number];

/** The workspace cards, each also a filter of the lead list. */
export const PIPELINE_CARDS = ['dueToday', 'overdue', 'newThisWeek', 'convertedThisMonth'] as const;
export type PipelineCard = (typeof PIPELINE_CARDS)[number];

const timeZone = callerTimeZone();

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/** A pipeline list (the agent's own, or the team's): paging and search as every lead table, plus filters and sort. */
export const PipelineQuerySchema = LeadTableQuerySchema.extend({
  stage: LeadStageSchema.optional(),
  due: flag.meta({ description: 'Only leads whose follow-up date is today or earlier.' }),
  card: z.enum(PIPELINE_CARDS).optional().meta({ description: 'Only the leads a workspace card counts.' }),
  sort: z.enum(PIPELINE_SORTS).default('assigned'),
  tz: timeZone,
});
export type PipelineQuery = z.infer<typeof PipelineQuerySchema>;

/** The team view: the pipeline query, optionally for one agent. */
export const TeamPipelineQuerySchema = PipelineQuerySchema.extend({
  userId: z.uuid('userId must be a UUID').optional(),
});
export type TeamPipelineQuery = z.infer<typeof TeamPipelineQuerySchema>;

/** A lead in someone's pipeline: the lead, its agent, stage and follow-up. */
export const PipelineLeadSchema = LeadSchema.extend({
  stage: LeadStageSchema,
  followUpAt: z.string().nullable().meta({ description: 'The next follow-up date, yyyy-mm-dd.' }),
  stageChangedAt: z.string().nullable().meta({ description: 'When the stage last changed (ISO 8601).' }),
  assignedAt: z.string().meta({ description: 'When the lead was assigned to the agent (ISO 8601).' }),
  agentId: z.string(),
  agentName: z.string(),
}).meta({ id: 'PipelineLead' });
export type PipelineLead = z.infer<typeof PipelineLeadSchema>;

export const PipelinePageSchema = z
  .object({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    data: z.array(PipelineLeadSchema),
  })
  .meta({ id: 'PipelinePage' });
export type PipelinePage = z.infer<typeof PipelinePageSchema>;

/** What a follow-up set in the past is answered with, by the server and by the console before it asks. */
export const FOLLOW_UP_IN_PAST = 'A follow-up cannot be in the past: choose today or a later day.';

/** Changes the stage and/or the next follow-up date (null clears it) of a lead. */
export const UpdatePipelineSchema = z
  .object({
    stage: LeadStageSchema.optional(),
    followUpAt: calendarDate({
      required: 'Follow-up must be a date (YYYY-MM-DD).',
      format: 'Follow-up must be a date (YYYY-MM-DD).',
    })
      .nullable()
      .optional(),
  })
  // Named on `stage`, so a form (and a client learning the body from its 400) knows which field to fill.
  .refine((value) => value.stage !== undefined || value.followUpAt !== undefined, {
    message: 'Change the stage or the follow-up date',
    path: ['stage'],
  });
export type UpdatePipeline = z.input<typeof UpdatePipelineSchema>;

export const AddLeadNoteSchema = z.object({
  text: z.string().trim().min(1, 'Write the note first').max(2000, 'Notes can have at most 2,000 characters'),
});
export type AddLeadNote = z.infer<typeof AddLeadNoteSchema>;

/** What a history entry records: a note written, the stage changed, the follow-up date set or cleared. */
export const LEAD_HISTORY_KINDS = ['note', 'stage', 'follow-up'] as const;
export type LeadHistoryKind = (typeof LEAD_HISTORY_KINDS)[number];

/** One entry of a lead's history (a note, a stage change, a follow-up date); the lead's `notes` field is the latest note. */
export const LeadNoteSchema = z
  .object({
    id: z.number().int(),
    leadId: z.number().int(),
    kind: z.enum(LEAD_HISTORY_KINDS).meta({ description: 'A note, a stage change or a follow-up date set or cleared.' }),
    authorId: z.string().nullable(),
    authorName: z.string(),
    text: z.string(),
    createdAt: z.string().meta({ description: 'ISO 8601.' }),
  })
  .meta({ id: 'LeadNote' });
export type LeadNote = z.infer<typeof LeadNoteSchema>;

/** The workspace figures of an agent (GET /api/leads/mine/summary), each card a filter of the list. */
export const MyLeadsSummarySchema = z
  .object({
    total: z.number().int(),
    withNotes: z.number().int(),
    duplicates: z.number().int(),
    dueToday: z.number().int().meta({ description: 'Follow-up date is today.' }),
    overdue: z.number().int().meta({ description: 'Follow-up date is before today.' }),
    newThisWeek: z.number().int().meta({ description: 'Assigned since Monday.' }),
    convertedThisMonth: z.number().int().meta({ description: 'Moved to Converted since the first of the month.' }),
    byStage: z.record(LeadStageSchema, z.number().int()),
  })
  .meta({ id: 'MyLeadsSummary' });
export type MyLeadsSummary = z.infer<typeof MyLeadsSummarySchema>;

export const PipelineSummaryQuerySchema = z.object({ tz: timeZone });

/** How many days the agent's activity covers (today and the days before). */
export const ACTIVITY_DAYS = 30;

/** GET /api/leads/mine/activity?tz=: one entry per day of the last 30 (oldest first), in the agent's time zone. */
export const MyLeadsActivitySchema = z
  .object({
    days: z.array(
      z.object({
        day: z.string().meta({ description: "YYYY-MM-DD in the caller's time zone." }),
        assigned: z.number().int().meta({ description: 'Leads assigned to the agent that day.' }),
        worked: z.number().int().meta({ description: 'Notes, stage changes and follow-up dates the agent wrote that day.' }),
        converted: z.number().int().meta({ description: 'Their leads moved to Converted that day (and still Converted).' }),
      }),
    ),
  })
  .meta({ id: 'MyLeadsActivity' });
export type MyLeadsActivity = z.infer<typeof MyLeadsActivitySchema>;

/** Moves leads (every assignment of each) to one agent, keeping their stage, follow-up and notes. */
export const ReassignLeadsSchema = z.object({
  leadIds: z
    .array(z.number().int().positive().max(2147483647))
    .min(1, 'Select at least one lead')
    .max(1000, 'At most 1,000 leads at once')
    .refine((ids) => new Set(ids).size === ids.length, 'The same lead appears twice'),
  toUserId: z.uuid('Choose a sales agent'),
});
export type ReassignLeads = z.infer<typeof ReassignLeadsSchema>;

export const ReassignLeadsResultSchema = z
  .object({ toUserId: z.string(), name: z.string(), moved: z.number().int() })
  .meta({ id: 'ReassignLeadsResult' });
export type ReassignLeadsResult = z.infer<typeof ReassignLeadsResultSchema>;
