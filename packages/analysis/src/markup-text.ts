/**
 * Tags written as text: what translate-toolkit's pocount removes from a msgid (html2po and similar
 * tools leave HTML tags in PO text), and what a TMX unit made from markup holds as escaped text.
 * A tag is `<name attr="value" …>`, `<name/>` or `</name>`, its attribute values quoted, so
 * `<source file>` stays text; `<br>` is a line break.
 */
export const BR_RE = /<br\s*?\/?>/g;
export const TAG_RE =
  /<[\p{L}\p{N}_.:]+(?:\s(?:[\p{L}\p{N}_.:]+=(?:".*?"|'.*?'))?)*\/?>|<\/[\p{L}\p{N}_.]+>/gu;

/** `text` without the tags written in it (`<br>` becomes a line break). */
export function withoutTagText(text: string): string {
  return text.includes('<') ? text.replace(BR_RE, '\n').replace(TAG_RE, '') : text;
}
