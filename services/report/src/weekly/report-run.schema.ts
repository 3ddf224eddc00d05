import { Schema } from 'mongoose';
import { type RunRecord } from './run-lease';

export const REPORT_RUN = 'ReportRun';

/** One weekly run per period; `_id` is the period key, so a second insert fails with 11000. */
export const ReportRunSchema = new Schema<RunRecord>(
  {
    _id: { type: String, required: true },
    status: { type: String, enum: ['running', 'sent', 'failed'], required: true },
    owner: { type: String, required: true },
    leaseExpiresAt: { type: Date, required: true },
    attempts: { type: Number, required: true },
    recipients: { type: [String], default: [] },
    messageId: { type: String },
    failures: {
      type: [{ at: Date, owner: String, message: String, _id: false }],
      default: [],
    },
    startedAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    sentAt: { type: Date },
  },
  { collection: 'report_runs', versionKey: false },
);
