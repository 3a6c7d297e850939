/** An instant as Madrid's wall-clock time, `YYYY-MM-DD HH:mm:ss`: sortable and read by every spreadsheet. */
export function formatDateTimeForCsv(instant: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}
