import type {
  OtherConceptRow,
  TaskDetail as TaskDetailReply,
  TaskLanguage,
  TaskListRow as TaskListRowReply,
  TaskPriceSummary,
  TaskSourceFile,
} from '@verba/contracts';
import type { LanguagePriceSummary } from '@verba/contracts/pricing';

/** The task replies are the API's response schemas (contracts), read as they travel. */
export type TaskDetail = TaskDetailReply;
export type TaskListRow = TaskListRowReply;
export type SourceFile = TaskSourceFile;
export type OtherConcept = OtherConceptRow;
export type Language = TaskLanguage;
/** The schema checks the summary's identity; its lines are the pricing package's. */
export type PriceSummary = TaskPriceSummary & LanguagePriceSummary;
