import type {
  OtherConceptRow,
  TaskDetail as TaskDetailReply,
  TaskLanguage,
  TaskListRow as TaskListRowReply,
  TaskPage as TaskPageReply,
  TaskPriceSummary,
  TaskSourceFile,
  WordCountRow,
} from '@verba/contracts';
import type { LanguagePriceSummary } from '@verba/contracts/pricing';

/** The task replies are the API's response schemas (contracts), read as they travel. */
export type TaskDetail = TaskDetailReply;
export type TaskListRow = TaskListRowReply;
export type TaskPage = TaskPageReply;
export type SourceFile = TaskSourceFile;
export type WordCount = WordCountRow;
export type OtherConcept = OtherConceptRow;
export type Language = TaskLanguage;
/** The schema checks the summary's identity; its lines are the pricing package's. */
export type PriceSummary = TaskPriceSummary & LanguagePriceSummary;

/** A row of GET /translation-types (the languages area's reply). */
export interface TranslationType {
  id: number;
  name: string;
  description: string | null;
  description_2: string | null;
  percent: string | number;
}

export interface GatewayAnswer {
  form?: { action: string; method: string; fields: Record<string, string> };
  paymentDone?: boolean;
  message?: string;
  /** Where the task stands after the answer (the OK/KO page's verification). */
  task?: { id: number; state: string };
}
