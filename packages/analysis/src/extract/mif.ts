import { readTextChunks } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { collapseSpace } from '../normalize.ts';

const CHAR_TEXT: Record<string, string> = {
  Tab: ' ',
  HardSpace: ' ',
  ThinSpace: ' ',
  EnSpace: ' ',
  EmSpace: ' ',
  NumberSpace: ' ',
  HardHyphen: '-',
  EnDash: '\u2013',
  EmDash: '\u2014',
  SoftHyphen: '',
  DiscHyphen: '',
  HardReturn: ' ',
};

/**
 * FrameMaker MIF (.mif, .mi2): the `String` statements inside `ParaLine`s of every `Para`, with
 * `Char` statements for spaces and dashes. Statement names, markers, variables and cross-reference
 * formats are not text. Works as a streaming tokenizer over `<Statement ...>` and `` `string' ``.
 */
export async function extractMif(path: Source, ctx: ExtractContext): Promise<void> {
  const stack: string[] = [];
  let para: string[] = [];
  let state: 'normal' | 'name' | 'string' | 'comment' | 'arg' = 'normal';
  let name = '';
  let str = '';
  let arg = '';
  let escape = false;
  let hex = '';
  const inParaLine = () => stack[stack.length - 1] === 'String' && stack[stack.length - 2] === 'ParaLine';
  const flush = () => {
    const p = collapseSpace(para.join(''));
    para = [];
    if (p) ctx.emit(p);
  };
  for await (const chunk of readTextChunks(path, ctx.signal)) {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i] as string;
      switch (state) {
        case 'comment':
          if (ch === '\n') state = 'normal';
          break;
        case 'name':
          if (/[A-Za-z0-9_]/.test(ch)) name += ch;
          else {
            stack.push(name);
            if (name === 'Para') flush();
            state = ch === '>' ? 'normal' : 'arg';
            arg = '';
            if (ch === '>') closeStatement();
            else if (ch === '`') {
              state = 'string';
              str = '';
            }
          }
          break;
        case 'arg':
          if (ch === '`') {
            state = 'string';
            str = '';
          } else if (ch === '<') {
            state = 'name';
            name = '';
          } else if (ch === '>') {
            closeStatement();
            state = 'normal';
          } else if (ch === '#') state = 'comment';
          else arg += ch;
          break;
        case 'string':
          if (hex !== '') {
            if (/[0-9a-fA-F]/.test(ch) && hex.length < 3) hex += ch;
            else {
              const code = Number.parseInt(hex.slice(1), 16);
              if (!Number.isNaN(code)) str += String.fromCharCode(code);
              hex = '';
              if (ch === "'") {
                state = 'arg';
                onString(str);
              } else if (ch !== ' ') str += ch;
            }
          } else if (escape) {
            escape = false;
            if (ch === 't') str += ' ';
            else if (ch === '>') str += '>';
            else if (ch === 'q') str += "'";
            else if (ch === 'Q') str += '`';
            else if (ch === '\\') str += '\\';
            else if (ch === 'x') hex = 'x';
            else str += ch;
          } else if (ch === '\\') escape = true;
          else if (ch === "'") {
            state = 'arg';
            onString(str);
          } else str += ch;
          break;
        default:
          if (ch === '<') {
            state = 'name';
            name = '';
          } else if (ch === '>') closeStatement();
          else if (ch === '#') state = 'comment';
      }
    }
  }
  flush();

  function onString(s: string) {
    if (inParaLine()) para.push(s);
  }
  function closeStatement() {
    const top = stack.pop();
    if (top === 'Char' && stack[stack.length - 1] === 'ParaLine') {
      const t = CHAR_TEXT[arg.trim()];
      if (t !== undefined) para.push(t);
    } else if (top === 'Para') flush();
    arg = '';
  }
}
