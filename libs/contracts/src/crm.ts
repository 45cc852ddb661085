import { z } from 'zod';
import { fromDigits } from './paging';
import { calendarDate } from './dates';
import { callerTimeZone } from './scheduling';

/**
 * CRM: lead spreadsheet uploads, extraction jobs, lead groups, assignment to sales agents
 * and the sales agent's own workspace.
 */

/** The template's header row, in order. The importer also accepts common aliases (see the crm service). */
export const LEAD_TEMPLATE_HEADERS = [
  'SSN',
  'First Name',
  'Last Name',
  'Work At',
  'Gender',
  'Current City',
  'DOB',
  'Email',
  'Phone',
  'Notes',
] as const;

/** The user-leads table shows 10 leads a page; the selection steps are 10 and 100. */
export const USER_LEADS_PAGE_SIZE = 10;
export const LEAD_SELECTION_STEPS = [10, 100] as const;

/** What an extraction does with a lead whose phone or email already exists. */
export const DUPLICATE_MODES = ['flag', 'skip'] as const;
export const DuplicateModeSchema = z.enum(DUPLICATE_MODES);
export type DuplicateMode = z.infer<typeof DuplicateModeSchema>;

export const ExtractLeadsRequestSchema = z.object({
  duplicates: DuplicateModeSchema.default('flag'),
});
export type ExtractLeadsRequest = z.infer<typeof ExtractLeadsRequestSchema>;

/** Extracting one upload: as every extraction, and the answer to "this file was already imported". */
export const ExtractLeadRequestSchema = ExtractLeadsRequestSchema.extend({
  again: z.boolean().default(false).meta({
    description:
      'Extract a file whose content was already imported, into a new group (named after the file with a number, e.g. "March leads (2)"). Without it such a file is refused with 409 already_imported.',
  }),
});
export type ExtractLeadRequest = z.infer<typeof ExtractLeadRequestSchema>;

export const LeadGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    dateCreated: z.string(),
    leadCount: z.number().int(),
    duplicates: z.number().int(),
    skippedDuplicates: z.number().int(),
    failedRows: z.number().int(),
    uploadId: z.number().int().nullable(),
  })
  .meta({ id: 'LeadGroup' });
export type LeadGroup = z.infer<typeof LeadGroupSchema>;

/** The earlier import of the same file content: when it finished and the group it made. */
export const LeadPreviousImportSchema = z
  .object({
    date: z.string().meta({ description: 'When the earlier extraction finished (ISO 8601).' }),
    group: LeadGroupSchema,
  })
  .meta({ id: 'LeadPreviousImport' });
export type LeadPreviousImport = z.infer<typeof LeadPreviousImportSchema>;

/** A pending (or failed) uploaded spreadsheet. */
export const LEAD_UPLOAD_STATUSES = ['pending', 'extracting', 'failed', 'extracted'] as const;
export type LeadUploadStatus = (typeof LEAD_UPLOAD_STATUSES)[number];
export const LeadUploadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    date: z.string().meta({ description: 'When it was uploaded (ISO 8601).' }),
    size: z.number().int(),
    message: z.string().meta({ description: 'The last outcome, e.g. "Imported 120 leads" or the reason extraction failed.' }),
    error: z.boolean().meta({ description: 'True when the last extraction failed.' }),
    extracted: z.boolean(),
    status: z.enum(LEAD_UPLOAD_STATUSES),
    jobId: z.string().nullable().meta({ description: 'The extraction job in progress or last run, if any.' }),
    failedRows: z.number().int().meta({ description: 'Rows the last extraction could not import (downloadable as xlsx).' }),
    alreadyImported: LeadPreviousImportSchema.nullable().meta({
      description: 'Set when a file with the same content was already imported: extracting it again needs `again: true`.',
    }),
  })
  .meta({ id: 'LeadUpload' });
export type LeadUpload = z.infer<typeof LeadUploadSchema>;

export const LeadImportResultSchema = z
  .object({
    uploadId: z.number().int(),
    groupId: z.number().int(),
    groupName: z.string(),
    totalRows: z.number().int().meta({ description: 'Data rows read from the sheet (blank rows are not counted).' }),
    imported: z.number().int(),
    duplicates: z.number().int().meta({ description: 'Imported leads flagged as duplicates (phone or email already known).' }),
    skippedDuplicates: z.number().int().meta({ description: "Duplicate rows left out (duplicates: 'skip')." }),
    failedRows: z.number().int(),
  })
  .meta({ id: 'LeadImportResult' });
export type LeadImportResult = z.infer<typeof LeadImportResultSchema>;

/** How far an extraction has read, in the sheet's own row numbers. */
export const LeadImportRowsSchema = z
  .object({
    row: z.number().int().meta({ description: 'The last sheet row read (row numbers as the spreadsheet shows them).' }),
    lastRow: z.number().int().nullable().meta({
      description: "The sheet's last row as the file declares it; null when the file does not say (progress then follows the bytes read).",
    }),
    rowsRead: z.number().int().meta({ description: 'Data rows read so far.' }),
  })
  .meta({ id: 'LeadImportRows' });
export type LeadImportRows = z.infer<typeof LeadImportRowsSchema>;

export const LEAD_JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'unknown'] as const;
export type LeadJobState = (typeof LEAD_JOB_STATES)[number];
export const LeadImportJobSchema = z
  .object({
    jobId: z.string(),
    uploadId: z.number().int(),
    state: z.enum(LEAD_JOB_STATES),
    progress: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'Percent done: rows over the last row when the file declares it, else bytes of the file read.' }),
    rows: LeadImportRowsSchema.optional().meta({ description: 'How far the extraction has read, while it runs.' }),
    groups: z.array(LeadGroupSchema).optional().meta({ description: 'The groups the extraction produced, once completed.' }),
    result: LeadImportResultSchema.optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'LeadImportJob' });
export type LeadImportJob = z.infer<typeof LeadImportJobSchema>;

export const LeadRowErrorSchema = z.object({ rowNumber: z.number().int(), reason: z.string() }).meta({ id: 'LeadRowError' });
export type LeadRowError = z.infer<typeof LeadRowErrorSchema>;

/** A lead as the console sees it: the SSN is masked ("***-**-1234"), never sent whole. */
export const LeadSchema = z
  .object({
    id: z.number().int(),
    groupId: z.number().int(),
    ssn: z.string().nullable().meta({ description: 'Masked ("***-**-1234"), never sent whole.' }),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    workAt: z.string(),
    gender: z.string(),
    currentCity: z.string(),
    dob: z.string().nullable().meta({ description: 'Date of birth, yyyy-mm-dd.' }),
    email: z.string(),
    phone: z.string(),
    notes: z.string(),
    duplicate: z.boolean(),
    sellers: z.array(z.string()).meta({ description: 'Names of the sales agents the lead is assigned to.' }),
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof LeadSchema>;

/** Server paging in the DataTables style: draw/start/length/search → draw/recordsTotal/recordsFiltered/data. */
export const LeadTableQuerySchema = z.object({
  draw: fromDigits(z.number().int().min(0).max(2147483647)).default(0),
  start: fromDigits(z.number().int().min(0).max(100_000_000)).default(0),
  length: fromDigits(z.number().int().min(1, 'Length must be at least 1').max(500, 'Length must be at most 500')).default(10),
  search: z.string().trim().max(100, 'The search term is too long').default(''),
});
export type LeadTableQuery = z.infer<typeof LeadTableQuerySchema>;

export interface LeadTablePage<T = Lead> {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  /** True when more leads match than can be paged: only the first `recordsFiltered` matches are served. */
  recordsCapped?: boolean;
  data: T[];
}

/** A page of leads in the DataTables style. */
export const LeadTablePageSchema = z
  .object({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    recordsCapped: z
      .boolean()
      .optional()
      .meta({ description: 'True when more leads match than can be paged: only the first `recordsFiltered` matches are served.' }),
    data: z.array(LeadSchema),
  })
  .meta({ id: 'LeadTablePage' });

export const AssignableLeadsQuerySchema = LeadTableQuerySchema.extend({
  /** Only leads nobody is assigned to. */
  unassigned: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type AssignableLeadsQuery = z.infer<typeof AssignableLeadsQuerySchema>;

/** Ids of the first leads with a phone that nobody is assigned to, in table order (for +10 / +100), among those the search matches. */
export const UnassignedLeadIdsQuerySchema = z.object({
  limit: fromDigits(z.number().int().min(1).max(5000)).default(10),
  search: LeadTableQuerySchema.shape.search,
});

/** The leads of one sales agent, oldest assignment first (−10 / −100 remove from the end). */
export const UserLeadsSchema = z
  .object({ userId: z.string(), total: z.number().int(), leadIds: z.array(z.number().int()) })
  .meta({ id: 'UserLeads' });
export type UserLeads = z.infer<typeof UserLeadsSchema>;

/** One pending change of the user-leads screen: add or remove a lead from the selected agent. */
export const LeadChangeSchema = z.object({
  leadId: z.number().int().positive().max(2147483647),
  add: z.boolean(),
});
export type LeadChange = z.infer<typeof LeadChangeSchema>;

export const UpdateUserLeadsSchema = z
  .object({
    changes: z.array(LeadChangeSchema).min(1, 'There are no changes to apply').max(10_000, 'At most 10,000 changes at once'),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.changes.forEach((change, index) => {
      if (seen.has(change.leadId)) {
        context.addIssue({ code: 'custom', path: ['changes', index, 'leadId'], message: 'The same lead appears twice' });
      }
      seen.add(change.leadId);
    });
  });
export type UpdateUserLeads = z.infer<typeof UpdateUserLeadsSchema>;

export const UpdateUserLeadsResultSchema = z
  .object({ userId: z.string(), added: z.number().int(), removed: z.number().int(), total: z.number().int() })
  .meta({ id: 'UpdateUserLeadsResult' });
export type UpdateUserLeadsResult = z.infer<typeof UpdateUserLeadsResultSchema>;

/** Spreads `count` unassigned leads (with a phone, in table order, matching `search`) over the agents, round robin. */
export const DistributeLeadsSchema = z.object({
  userIds: z
    .array(z.uuid('Not a user id'))
    .min(1, 'Choose at least one sales agent')
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'The same agent is chosen twice'),
  count: z.number().int('Enter a whole number').min(1, 'Enter at least 1').max(100_000, 'At most 100,000 leads at once'),
  search: z
    .string()
    .trim()
    .max(100, 'The search term is too long')
    .default('')
    .meta({ description: 'Only leads this search matches (name, email or phone, as the assignable list searches); all when empty.' }),
});
export type DistributeLeads = z.infer<typeof DistributeLeadsSchema>;

export const DistributeLeadsResultSchema = z
  .object({
    distributed: z.number().int(),
    perAgent: z.array(z.object({ userId: z.string(), name: z.string(), added: z.number().int() })),
  })
  .meta({ id: 'DistributeLeadsResult' });
export type DistributeLeadsResult = z.infer<typeof DistributeLeadsResultSchema>;

export const UpdateLeadNotesSchema = z.object({
  notes: z.string().max(2000, 'Notes can have at most 2,000 characters'),
});
export type UpdateLeadNotes = z.infer<typeof UpdateLeadNotesSchema>;

/** Data of the `crm.lead-import.v1` events (types `completed` and `failed`). */
export const LeadImportEventDataSchema = z
  .object({
    uploadId: z.number().int(),
    fileName: z.string(),
    groupId: z.number().int().nullable(),
    totalRows: z.number().int(),
    imported: z.number().int(),
    duplicates: z.number().int(),
    skippedDuplicates: z.number().int(),
    failedRows: z.number().int(),
    error: z.string().optional().meta({ description: 'On `failed`: why, in plain words.' }),
  })
  .meta({ id: 'LeadImportEventData' });
export type LeadImportEventData = z.infer<typeof LeadImportEventDataSchema>;
export const LEAD_IMPORT_EVENT_TYPES = ['completed', 'failed'] as const;

export const LEAD_IMPORT_TOPIC = 'crm.lead-import.v1';

// ── Sales agent report (GET /api/reports/sales-agents) ──────────────────────────────────────────

export const REPORT_PATHS = {
  salesAgents: '/api/reports/sales-agents',
  salesAgentsCsv: '/api/reports/sales-agents/export.csv',
} as const;

const reportDay = (what: string) =>
  calendarDate({ required: `${what} must be a date (YYYY-MM-DD).`, format: `${what} must be a date (YYYY-MM-DD).` });

/**
 * The period of the report: calendar days `from` to `to`, both included, in the time zone `tz`
 * (the console sends the browser's; UTC when absent).
 */
export const SalesAgentReportQuerySchema = z
  .object({
    from: reportDay('From'),
    to: reportDay('To'),
    tz: callerTimeZone(),
  })
  .superRefine((value, ctx) => {
    if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From.' });
  });
export type SalesAgentReportQuery = z.input<typeof SalesAgentReportQuerySchema>;

/** The figures of one agent, or of all (the totals). */
export const SalesAgentFiguresSchema = z.object({
  leadsAssigned: z.number().int().meta({ description: 'Leads assigned to the agent in the period.' }),
  convertedLeads: z.number().int().meta({
    description: "Of those, leads that became clients: an order was placed with the lead's phone or email since the assignment.",
  }),
  orders: z.number().int().meta({ description: "Those orders (an order matching two of the agent's leads counts once)." }),
  orderAmount: z.number().meta({ description: 'Their amounts.' }),
  paidAmount: z.number().meta({ description: 'The amounts of those of them that are paid.' }),
  pipelineConverted: z.number().int().meta({ description: 'Of the leads assigned, those the agent moved to the Converted stage.' }),
  pipelineConversion: z
    .number()
    .min(0)
    .max(1)
    .meta({ description: 'Conversion in the pipeline: pipelineConverted / leadsAssigned (0 when none were assigned).' }),
});
export type SalesAgentFigures = z.infer<typeof SalesAgentFiguresSchema>;

export const SalesAgentReportRowSchema = SalesAgentFiguresSchema.extend({ userId: z.string(), name: z.string(), email: z.string() });
export type SalesAgentReportRow = z.infer<typeof SalesAgentReportRowSchema>;

export const SalesAgentReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    rows: z.array(SalesAgentReportRowSchema).meta({ description: 'One row per agent with leads assigned in the period, by name.' }),
    totals: SalesAgentFiguresSchema.meta({ description: 'The sums of the rows.' }),
  })
  .meta({ id: 'SalesAgentReport' });
export type SalesAgentReport = z.infer<typeof SalesAgentReportSchema>;
