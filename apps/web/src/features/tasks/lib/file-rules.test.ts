import { describe, expect, it } from 'vitest';
import { addFiles } from './file-rules.ts';

const file = (name: string) => new File(['x'], name);

describe('addFiles', () => {
  it('accepts the accepted types only', () => {
    const result = addFiles([], [file('a.docx'), file('b.exe'), file('noextension'), file('c.XLSX')]);
    expect(result.added.map((f) => f.name)).toEqual(['a.docx', 'c.XLSX']);
    expect(result.rejectedType).toEqual(['b.exe', 'noextension']);
  });

  it('refuses a name already in the list or twice in one drop', () => {
    const result = addFiles(['a.txt'], [file('A.TXT'), file('b.txt'), file('b.txt')]);
    expect(result.added.map((f) => f.name)).toEqual(['b.txt']);
    expect(result.duplicates).toEqual(['A.TXT', 'b.txt']);
  });
});
