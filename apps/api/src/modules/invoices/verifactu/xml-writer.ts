/** A small XML writer: elements in the order given, text escaped, no whitespace between elements. */
export type Node = [name: string, content: string | Node[]] | null;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function xml(node: Node): string {
  if (!node) return '';
  const [name, content] = node;
  const inner = typeof content === 'string' ? escape(content) : content.map(xml).join('');
  return `<${name}>${inner}</${name}>`;
}

/** Prefixes every element name of a tree (sf:…). */
export function prefixed(prefix: string, nodes: Node[]): Node[] {
  return nodes.map((node) =>
    node ? [`${prefix}:${node[0]}`, typeof node[1] === 'string' ? node[1] : prefixed(prefix, node[1])] : null,
  );
}
