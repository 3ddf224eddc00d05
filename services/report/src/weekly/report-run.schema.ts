import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Leased } from '@handcheck/server-kit';

export const RUN_STATUSES = ['running', 'sent', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One failed attempt at a run. */
export interface RunFailure {
  at: Date;
  owner: string;
  message: string;
}

/**
 * One weekly run per period, `_id` the period key (`weekly-report:2026-W48`): the first
 * replica to insert it holds its lease and sends; the others find it and stop. A run
 * whose lease ran out (its replica crashed or hung) or that failed (the relay refused) is
 * taken over by one replica (LeasesRepository), until it is sent or out of attempts.
 */
@Schema({
  collection: 'report_runs',
  timestamps: { createdAt: 'started_at', updatedAt: 'updated_at' },
  versionKey: false,
})
export class ReportRun extends Leased {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, enum: RUN_STATUSES })
  status!: RunStatus;

  @Prop({ type: [String], default: [] })
  recipients!: string[];

  @Prop({ type: String, default: null })
  message_id!: string | null;

  /** Every failed attempt, with the replica and the reason. */
  @Prop({ type: [{ at: Date, owner: String, message: String, _id: false }], default: [] })
  failures!: RunFailure[];

  @Prop({ type: Date, default: null })
  sent_at!: Date | null;

  started_at!: Date;
  updated_at!: Date;
}

export const ReportRunSchema = SchemaFactory.createForClass(ReportRun);
